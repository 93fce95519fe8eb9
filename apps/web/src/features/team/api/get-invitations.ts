import { queryOptions, useQuery } from '@tanstack/react-query';
import { teamEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The pending, unexpired invitations. */
export const getInvitations = (projectId: number, signal?: AbortSignal) =>
  callApi(teamEndpoints.invitations, { params: { projectId }, signal });

export const invitationsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.team.invitations(projectId),
    queryFn: ({ signal }) => getInvitations(projectId, signal),
    meta: { errorMessage: 'Failed to get invitations.' },
  });

export const useInvitations = (projectId: number | null) =>
  useQuery({ ...invitationsQueryOptions(projectId ?? 0), enabled: projectId !== null });
