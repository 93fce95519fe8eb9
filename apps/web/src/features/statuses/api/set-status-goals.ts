import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { setGoalsBody, StatusGoal } from '@crm/contract';
import { api } from '../../../lib/api-client';
import type { SchemaOutput } from '../../../lib/schema-types';
import { statusGoalsQueryKey } from './get-status-goals';

export type SetGoalsPayload = SchemaOutput<typeof setGoalsBody>;
type Variables = { statusId: number; body: SetGoalsPayload };

/** POST …/statuses/{statusId}/client-categories/set-goals {goals}: the listed ones are set. */
export const setStatusGoals = (projectId: number, { statusId, body }: Variables) =>
  api.post<StatusGoal[]>(`/projects/${projectId}/statuses/${statusId}/client-categories/set-goals`, body);

export const useSetStatusGoals = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => setStatusGoals(projectId, variables),
    meta: { errorMessage: 'Failed to set status goal.' },
    onSuccess: (goals, { statusId }) => queryClient.setQueryData(statusGoalsQueryKey(projectId, statusId), goals),
  });
};
