import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clientViewsEndpoints, type ClientViewBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const clientViewsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.clients.views(projectId),
    queryFn: ({ signal }) => callApi(clientViewsEndpoints.list, { params: { projectId }, signal }),
    meta: { errorMessage: 'Не удалось загрузить сохранённые виды.' },
  });

/** The caller's saved views and the team's shared ones. */
export const useClientViews = (projectId: number) => useQuery(clientViewsQueryOptions(projectId));

/** Saves a new view, or changes one (`id`); the list of views is read again. */
export const useSaveClientView = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ClientViewBody }) =>
      id === undefined
        ? callApi(clientViewsEndpoints.create, { params: { projectId }, body })
        : callApi(clientViewsEndpoints.update, { params: { projectId, id }, body }),
    meta: { errorMessage: 'Не удалось сохранить вид.' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.clients.views(projectId) }),
  });
};

export const useDeleteClientView = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(clientViewsEndpoints.remove, { params: { projectId, id } }),
    meta: { errorMessage: 'Не удалось удалить вид.' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.clients.views(projectId) }),
  });
};
