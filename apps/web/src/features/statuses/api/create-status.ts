import { useMutation, useQueryClient } from '@tanstack/react-query';
import { statusesEndpoints, type statusCreateBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { SchemaOutput } from '@/lib/schema-types';

export type StatusCreatePayload = SchemaOutput<typeof statusCreateBody>;

/** {name, is_default}. */
export const createStatus = (projectId: number, body: StatusCreatePayload) =>
  callApi(statusesEndpoints.create, { params: { projectId }, body });

export const useCreateStatus = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StatusCreatePayload) => createStatus(projectId, body),
    meta: { errorMessage: 'Failed to create status.' },
    // A new default clears the old one: the whole list is read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.statuses.list(projectId) }),
  });
};
