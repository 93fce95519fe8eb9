import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitationPreview } from '@crm/contract';
import { api } from '../../../lib/api-client';

export const invitationPreviewQueryKey = (token: string) => ['invitations', token] as const;

/**
 * GET /invitations/{token} (public): project, address and role of a usable invitation; a 404
 * says why it is not (accepted, revoked, expired). No toast: the banner shows the message.
 */
export const getInvitationPreview = (token: string, signal?: AbortSignal) =>
  api.get<InvitationPreview>(`/invitations/${encodeURIComponent(token)}`, undefined, signal);

export const invitationPreviewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: invitationPreviewQueryKey(token),
    queryFn: ({ signal }) => getInvitationPreview(token, signal),
    staleTime: Infinity,
  });

export const useInvitationPreview = (token: string | null) =>
  useQuery({ ...invitationPreviewQueryOptions(token ?? ''), enabled: token !== null });
