import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** DELETE /projects/{id}/members/{userId}; the server refuses the super admin and oneself (403). */
export const removeMember = (projectId: number, userId: number) =>
  api.delete<{ ok: true }>(`/projects/${projectId}/members/${userId}`);

export const useRemoveMember = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => removeMember(projectId, userId),
    meta: { errorMessage: 'Failed to remove member. Please try again.' },
    // The team, the members lists (the admin's switch list) and the member's page all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects', projectId] }),
  });
};
