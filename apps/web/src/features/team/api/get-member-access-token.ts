import { useMutation } from '@tanstack/react-query';
import { accountsEndpoints, teamEndpoints } from '@crm/contract';
import { paths } from '@/lib/paths';
import { callApi } from '@/lib/api-client';
import { appStorage } from '@/lib/storage';

/** {access_token} of a manager of the project (role admin only). */
export const getMemberAccessToken = (projectId: number, memberId: number) =>
  callApi(teamEndpoints.memberAccessToken, { params: { projectId, memberId } });

/**
 * Switching into a manager (docs/product.md §3.5), the one path of every entry point (the account
 * dropdown, the manager's page): the manager's token is kept for this tab's session in
 * sessionStorage `access_token` (the API client prefers it) and the app loads afresh as him on his
 * Главная — not on the current URL, which is usually an admin screen closed to a manager.
 * A GET, but an action with an effect (a new token, a history entry): a mutation, not a query.
 */
export const useSwitchToMember = (projectId: number | null) =>
  useMutation({
    mutationFn: (memberId: number) => getMemberAccessToken(projectId ?? 0, memberId),
    meta: { errorMessage: 'Failed to login as member. Please try again.' },
    onSuccess: ({ access_token }) => {
      appStorage.setAccessToken(access_token);
      window.location.assign(paths.home);
    },
  });

/**
 * Back to one's own account (docs/product.md §3.5): the tab's manager token is ended on the
 * server (a switch left behind must not stay usable), then dropped here, and the page reloads.
 * Offline, the page leaves all the same: the token still ends with the admin's session or in two
 * hours (docs/decisions.md, "Security run").
 */
export const leaveMemberAccount = async () => {
  await callApi(accountsEndpoints.logout).catch(() => undefined);
  appStorage.removeAccessToken();
  window.location.reload();
};
