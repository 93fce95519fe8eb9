import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lossReasonsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /loss-reasons {name} (no id) or PUT /loss-reasons/{id} {name}: admins keep the list. */
export const saveLossReason = (projectId: number, id: number | null, name: string) =>
  id === null
    ? callApi(lossReasonsEndpoints.create, { params: { projectId }, body: { name } })
    : callApi(lossReasonsEndpoints.update, { params: { projectId, id }, body: { name } });

export const useSaveLossReason = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number | null; name: string }) => saveLossReason(projectId, id, name),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.clientCategories.lossReasons(projectId) }),
  });
};
