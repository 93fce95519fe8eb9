import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invitation } from '@crm/contract';
import { api } from '../../../lib/api-client';

export const invitationsQueryKey = (projectId: number) => ['projects', projectId, 'invitations'] as const;

/** GET /projects/{id}/invitations: the pending, unexpired invitations. */
export const getInvitations = (projectId: number, signal?: AbortSignal) =>
  api.get<Invitation[]>(`/projects/${projectId}/invitations`, undefined, signal);

export const invitationsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: invitationsQueryKey(projectId),
    queryFn: ({ signal }) => getInvitations(projectId, signal),
    meta: { errorMessage: 'Failed to get invitations.' },
  });

export const useInvitations = (projectId: number | null) =>
  useQuery({ ...invitationsQueryOptions(projectId ?? 0), enabled: projectId !== null });
