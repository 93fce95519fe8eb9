import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { clientsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The board's filters: days YYYY-MM-DD in the project's time zone, both optional, (admins) one
 * manager's clients, and a saved view's search filters (words, traffic, an option).
 */
export type ClientsRange = {
  from?: string;
  to?: string;
  manager?: number;
  search?: string;
  traffic?: '0' | '1';
  /** A searchable select and its option, together. */
  select_id?: number;
  option_id?: number;
  /** Clients whose manager has this status. */
  status?: number;
};

/** One page (20, newest first) of a category's clients created within the range. */
export const getClients = (
  projectId: number,
  query: { category: number; page: number } & ClientsRange,
  signal?: AbortSignal,
) => callApi(clientsEndpoints.list, { params: { projectId }, query, signal });

export const GET_CLIENTS_FAILED = 'Failed to get clients.';

/** A board column: its pages, loaded one after another as the column scrolls. */
export const clientsColumnQueryOptions = (projectId: number, categoryId: number, range: ClientsRange) =>
  infiniteQueryOptions({
    queryKey: queryKeys.clients.column(projectId, categoryId, range),
    queryFn: ({ pageParam, signal }) =>
      getClients(projectId, { category: categoryId, page: pageParam, ...range }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    meta: { errorMessage: GET_CLIENTS_FAILED },
  });

export const useClientsColumn = (projectId: number, categoryId: number, range: ClientsRange) =>
  useInfiniteQuery(clientsColumnQueryOptions(projectId, categoryId, range));
