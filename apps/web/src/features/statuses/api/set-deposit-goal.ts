import { useMutation, useQueryClient } from '@tanstack/react-query';
import { statusesEndpoints, type depositGoalBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { SchemaOutput } from '@/lib/schema-types';

export type DepositGoalPayload = SchemaOutput<typeof depositGoalBody>;
type Variables = { statusId: number; body: DepositGoalPayload };

/** {deposit_goal}: the sum of client amounts to reach. */
export const setDepositGoal = (projectId: number, { statusId, body }: Variables) =>
  callApi(statusesEndpoints.setDepositGoal, { params: { projectId, id: statusId }, body });

export const useSetDepositGoal = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => setDepositGoal(projectId, variables),
    meta: { errorMessage: 'Failed to set status deposit.' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.statuses.list(projectId) }),
  });
};
