import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { historyEndpoints, type HistoryQuery } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The filters of the history page: everything the endpoint reads except the cursor. */
export type HistoryFilters = Omit<HistoryQuery, 'before'>;

/**
 * GET …/history: 50 entries, newest first, older than `before` (a cursor) when given. Admins read
 * the whole project, a manager the entries about his own clients.
 */
export const getHistory = (projectId: number, query: HistoryQuery, signal?: AbortSignal) =>
  callApi(historyEndpoints.list, { params: { projectId }, query, signal });

/**
 * The pages loaded so far, walked back by the answer's `next_before`. On a refetch TanStack
 * refetches page by page from the first, each cursor taken from the fresh page before it, so
 * pages never overlap. No toast: the page says in place what failed.
 */
export const historyQueryOptions = (projectId: number, filters: HistoryFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.history.list(projectId, filters),
    queryFn: ({ pageParam, signal }) => getHistory(projectId, { ...filters, before: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
    // What happened since the last visit shows when the page opens again.
    staleTime: 0,
  });

export const useHistory = (projectId: number | null, filters: HistoryFilters) =>
  useInfiniteQuery({ ...historyQueryOptions(projectId ?? 0, filters), enabled: projectId !== null });

/** GET …/history/former-members: people removed from the project whose entries remain (the person filter lists them). */
export const useFormerMembers = (projectId: number | null) =>
  useQuery({
    queryKey: queryKeys.history.formerMembers(projectId ?? 0),
    queryFn: ({ signal }) =>
      callApi(historyEndpoints.formerMembers, { params: { projectId: projectId ?? 0 }, signal }),
    enabled: projectId !== null,
    meta: { errorMessage: 'Failed to get members.' },
  });
