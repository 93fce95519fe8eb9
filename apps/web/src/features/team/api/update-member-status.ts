import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectUser } from '@crm/contract';
import { api } from '../../../lib/api-client';
import { projectMemberQueryKey } from './get-project-member';
import { teamQueryKey } from './get-team';

type Variables = { userId: number; statusId: number };

/** PUT /projects/{id}/users/{userId}/status {status_id}: a manager's level. */
export const updateMemberStatus = (projectId: number, { userId, statusId }: Variables) =>
  api.put<ProjectUser>(`/projects/${projectId}/users/${userId}/status`, { status_id: statusId });

export const useUpdateMemberStatus = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => updateMemberStatus(projectId, variables),
    meta: { errorMessage: 'Failed to update member status. Please try again.' },
    onSuccess: (data, { userId }) => {
      queryClient.setQueryData(projectMemberQueryKey(projectId, userId), data);
      return queryClient.invalidateQueries({ queryKey: teamQueryKey(projectId) });
    },
  });
};
