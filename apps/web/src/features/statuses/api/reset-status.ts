import { useMutation, useQueryClient } from '@tanstack/react-query';
import { statusesEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Clears the category goals and the deposit goal. */
export const resetStatus = (projectId: number, statusId: number) =>
  callApi(statusesEndpoints.reset, { params: { projectId, id: statusId } });

export const useResetStatus = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (statusId: number) => resetStatus(projectId, statusId),
    meta: { errorMessage: 'Failed to reset status.' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.statuses.list(projectId) }),
  });
};
