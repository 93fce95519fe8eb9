import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clientsEndpoints, type ClientUpdateBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

type Variables = { clientId: number; body: ClientUpdateBody };

/** The edit form; a new category_id is a move, manager_id (admins) passes the client on. */
export const updateClient = (projectId: number, { clientId, body }: Variables) =>
  callApi(clientsEndpoints.update, { params: { projectId, id: clientId }, body });

export const useUpdateClient = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => updateClient(projectId, variables),
    meta: { errorMessage: 'Failed to update client. Please try again.' },
    onSuccess: (client) => {
      queryClient.setQueryData(queryKeys.clients.one(projectId, client.id), client);
      // The board columns and the search results may show it: read again (not awaited, so the
      // modal closes at once).
      void queryClient.invalidateQueries({ queryKey: queryKeys.clients.all(projectId) });
    },
  });
};
