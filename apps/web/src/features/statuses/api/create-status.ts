import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Status, statusCreateBody } from '@crm/contract';
import { api } from '../../../lib/api-client';
import type { SchemaOutput } from '../../../lib/schema-types';
import { statusesQueryKey } from '../../../lib/statuses-query';

export type StatusCreatePayload = SchemaOutput<typeof statusCreateBody>;

/** POST /projects/{id}/statuses {name, is_default}. */
export const createStatus = (projectId: number, body: StatusCreatePayload) =>
  api.post<Status>(`/projects/${projectId}/statuses`, body);

export const useCreateStatus = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StatusCreatePayload) => createStatus(projectId, body),
    meta: { errorMessage: 'Failed to create status.' },
    // A new default clears the old one: the whole list is read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusesQueryKey(projectId) }),
  });
};
