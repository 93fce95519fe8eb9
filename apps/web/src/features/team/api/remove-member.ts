import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { teamEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useConfirm } from '@/ui/modal';

/** The server refuses the super admin and oneself (403). */
export const removeMember = (projectId: number, userId: number) =>
  callApi(teamEndpoints.removeMember, { params: { projectId, userId } });

export const useRemoveMember = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => removeMember(projectId, userId),
    meta: { errorMessage: 'Failed to remove member. Please try again.' },
    // The team, the members lists (the admin's switch list) and the member's page all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId) }),
  });
};

/** Who may be removed: not the project's owner, not oneself (the server refuses both too). */
export const canRemoveMember = (member: { id: number; role: string }, viewerId: number | null | undefined) =>
  member.role !== 'super_admin' && member.id !== viewerId;

/**
 * 'Удалить из проекта' with its confirmation, wherever a member is shown (the team list, his
 * page); resolves true once he is removed. Any refusal the server still makes is its toast.
 */
export const useConfirmRemoveMember = (projectId: number) => {
  const confirm = useConfirm();
  const removeMutation = useRemoveMember(projectId);
  const { mutateAsync } = removeMutation;
  return useCallback(
    async (member: { id: number; name: string }) => {
      let removed = false;
      await confirm({
        message: `Удалить ${member.name} из проекта?`,
        hint: 'Всё, что ведёт участник, перейдёт к вам; его аккаунт и другие проекты останутся.',
        agreeText: 'Да, удалить',
        onAgree: () =>
          mutateAsync(member.id).then(
            () => (removed = true),
            () => undefined,
          ),
      });
      return removed;
    },
    [confirm, mutateAsync],
  );
};
