import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { clientsEndpoints, type ClientSearchQuery } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const SEARCH_CLIENTS_FAILED = 'Failed to search clients.';

/** One page (20) of the caller's clients matching the text and filters (a manager gets only his own). */
export const searchClients = (projectId: number, query: ClientSearchQuery, signal?: AbortSignal) =>
  callApi(clientsEndpoints.search, { params: { projectId }, query, signal });

/**
 * The search modal: pages loaded one after another. A new text or filter is a new key, and the
 * query that lost its observer is aborted through the signal, so a late answer never shows.
 * No toast: the modal shows the failure in place of the results.
 */
export const searchClientsQueryOptions = (projectId: number, query: Omit<ClientSearchQuery, 'page'>) =>
  infiniteQueryOptions({
    queryKey: queryKeys.clients.search(projectId, query),
    queryFn: ({ pageParam, signal }) => searchClients(projectId, { ...query, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    // The list was just edited from its side panel: show it fresh when the search asks again.
    staleTime: 0,
  });

export const useSearchClients = (projectId: number, query: Omit<ClientSearchQuery, 'page'>) =>
  useInfiniteQuery({ ...searchClientsQueryOptions(projectId, query), placeholderData: keepPreviousData });

/** One numbered page (a member's clients on the manager page); the previous page stays while the next loads. */
export const searchClientsPageQueryOptions = (projectId: number, query: ClientSearchQuery) =>
  queryOptions({
    queryKey: queryKeys.clients.searchPage(projectId, query),
    queryFn: ({ signal }) => searchClients(projectId, query, signal),
  });

export const useSearchClientsPage = (projectId: number, query: ClientSearchQuery) =>
  useQuery({ ...searchClientsPageQueryOptions(projectId, query), placeholderData: keepPreviousData });
