import { queryOptions, useQuery } from '@tanstack/react-query';
import { teamEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * Public: project, address and role of a usable invitation; a 404 says why it is not (accepted,
 * revoked, expired). No toast: the banner shows the message.
 */
export const getInvitationPreview = (token: string, signal?: AbortSignal) =>
  callApi(teamEndpoints.invitationPreview, { params: { token }, signal });

export const invitationPreviewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.team.invitationPreview(token),
    queryFn: ({ signal }) => getInvitationPreview(token, signal),
    staleTime: Infinity,
  });

export const useInvitationPreview = (token: string | null) =>
  useQuery({ ...invitationPreviewQueryOptions(token ?? ''), enabled: token !== null });
