import { useMutation, useQueryClient } from '@tanstack/react-query';
import { statusesEndpoints, type statusUpdateBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { SchemaOutput } from '@/lib/schema-types';

export type StatusUpdatePayload = SchemaOutput<typeof statusUpdateBody>;
type Variables = { statusId: number; body: StatusUpdatePayload };

/** {name, is_default?}: rename, or make it the default. */
export const updateStatus = (projectId: number, { statusId, body }: Variables) =>
  callApi(statusesEndpoints.update, { params: { projectId, id: statusId }, body });

export const useUpdateStatus = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => updateStatus(projectId, variables),
    meta: { errorMessage: 'Failed to update status.' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.statuses.list(projectId) }),
  });
};
