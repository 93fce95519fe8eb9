import { useMutation, useQueryClient } from '@tanstack/react-query';
import { teamEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

type Variables = { userId: number; statusId: number };

/** {status_id}: a manager's level. */
export const updateMemberStatus = (projectId: number, { userId, statusId }: Variables) =>
  callApi(teamEndpoints.setMemberStatus, { params: { projectId, userId }, body: { status_id: statusId } });

export const useUpdateMemberStatus = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => updateMemberStatus(projectId, variables),
    meta: { errorMessage: 'Failed to update member status. Please try again.' },
    onSuccess: (data, { userId }) => {
      queryClient.setQueryData(queryKeys.team.member(projectId, userId), data);
      return queryClient.invalidateQueries({ queryKey: queryKeys.team.team(projectId) });
    },
  });
};
