import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Status } from '@crm/contract';
import { api } from '../../../lib/api-client';
import { statusesQueryKey } from '../../../lib/statuses-query';

/** PUT /projects/{id}/statuses/{statusId}/reset: clears the category goals and the deposit goal. */
export const resetStatus = (projectId: number, statusId: number) =>
  api.put<Status>(`/projects/${projectId}/statuses/${statusId}/reset`);

export const useResetStatus = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (statusId: number) => resetStatus(projectId, statusId),
    meta: { errorMessage: 'Failed to reset status.' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusesQueryKey(projectId) }),
  });
};
