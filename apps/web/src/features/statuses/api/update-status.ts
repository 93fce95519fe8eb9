import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Status, statusUpdateBody } from '@crm/contract';
import { api } from '../../../lib/api-client';
import type { SchemaOutput } from '../../../lib/schema-types';
import { statusesQueryKey } from '../../../lib/statuses-query';

export type StatusUpdatePayload = SchemaOutput<typeof statusUpdateBody>;
type Variables = { statusId: number; body: StatusUpdatePayload };

/** PUT /projects/{id}/statuses/{statusId} {name, is_default?}: rename, or make it the default. */
export const updateStatus = (projectId: number, { statusId, body }: Variables) =>
  api.put<Status>(`/projects/${projectId}/statuses/${statusId}`, body);

export const useUpdateStatus = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => updateStatus(projectId, variables),
    meta: { errorMessage: 'Failed to update status.' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusesQueryKey(projectId) }),
  });
};
