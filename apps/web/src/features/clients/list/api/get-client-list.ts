import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { clientListEndpoints, type ClientListQuery } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ClientListRequest = Omit<ClientListQuery, 'cursor'>;

/** One page (50) of the list view, after `cursor`. */
export const getClientList = (projectId: number, query: ClientListQuery, signal?: AbortSignal) =>
  callApi(clientListEndpoints.list, { params: { projectId }, query, signal });

/** The list view's rows: pages read one after another by the cursor as the table scrolls. */
export const clientListQueryOptions = (projectId: number, query: ClientListRequest) =>
  infiniteQueryOptions({
    queryKey: queryKeys.clients.list(projectId, query),
    queryFn: ({ pageParam, signal }) =>
      getClientList(projectId, { ...query, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    meta: { errorMessage: 'Не удалось загрузить список клиентов.' },
  });

export const useClientList = (projectId: number, query: ClientListRequest) =>
  useInfiniteQuery(clientListQueryOptions(projectId, query));
