import { useMutation, useQueryClient } from '@tanstack/react-query';
import { statusesEndpoints, type setGoalsBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { SchemaOutput } from '@/lib/schema-types';

export type SetGoalsPayload = SchemaOutput<typeof setGoalsBody>;
type Variables = { statusId: number; body: SetGoalsPayload };

/** {goals}: the listed ones are set. */
export const setStatusGoals = (projectId: number, { statusId, body }: Variables) =>
  callApi(statusesEndpoints.setGoals, { params: { projectId, id: statusId }, body });

export const useSetStatusGoals = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => setStatusGoals(projectId, variables),
    meta: { errorMessage: 'Failed to set status goal.' },
    onSuccess: (goals, { statusId }) =>
      queryClient.setQueryData(queryKeys.statuses.goals(projectId, statusId), goals),
  });
};
