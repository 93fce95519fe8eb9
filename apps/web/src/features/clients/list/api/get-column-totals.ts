import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientListEndpoints, type ClientListFilters } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Each board column's clients and the sum of their amounts under the board's filters. */
export const columnTotalsQueryOptions = (projectId: number, query: ClientListFilters) =>
  queryOptions({
    queryKey: queryKeys.clients.totals(projectId, query),
    queryFn: ({ signal }) =>
      callApi(clientListEndpoints.columnTotals, { params: { projectId }, query, signal }),
    meta: { errorMessage: 'Не удалось посчитать колонки.' },
  });

export const useColumnTotals = (projectId: number, query: ClientListFilters) =>
  useQuery(columnTotalsQueryOptions(projectId, query));
