import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lossReasonsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /loss-reasons/{id}: the moves that named it keep its name. */
export const deleteLossReason = (projectId: number, id: number) =>
  callApi(lossReasonsEndpoints.remove, { params: { projectId, id } });

export const useDeleteLossReason = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteLossReason(projectId, id),
    meta: { errorMessage: 'Failed to delete the reason. Please try again.' },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.clientCategories.lossReasons(projectId) }),
  });
};
