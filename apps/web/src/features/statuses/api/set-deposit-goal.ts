import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { depositGoalBody, Status } from '@crm/contract';
import { api } from '../../../lib/api-client';
import type { SchemaOutput } from '../../../lib/schema-types';
import { statusesQueryKey } from '../../../lib/statuses-query';

export type DepositGoalPayload = SchemaOutput<typeof depositGoalBody>;
type Variables = { statusId: number; body: DepositGoalPayload };

/** PUT …/statuses/{statusId}/deposit-goal {deposit_goal}: the sum of client amounts to reach. */
export const setDepositGoal = (projectId: number, { statusId, body }: Variables) =>
  api.put<Status>(`/projects/${projectId}/statuses/${statusId}/deposit-goal`, body);

export const useSetDepositGoal = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => setDepositGoal(projectId, variables),
    meta: { errorMessage: 'Failed to set status deposit.' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusesQueryKey(projectId) }),
  });
};
