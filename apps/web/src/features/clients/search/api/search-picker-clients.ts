import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { clientsEndpoints, type ClientSearchQuery } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET …/clients/search: the caller's clients matching a text (a manager gets only his own), for
 * the client choice of other features' forms. The clients' key, so a client's change refreshes it.
 */
export const usePickerClientSearch = (projectId: number | null, query: ClientSearchQuery, enabled = true) =>
  useQuery({
    queryKey: queryKeys.clients.searchPage(projectId ?? 0, query),
    queryFn: ({ signal }) =>
      callApi(clientsEndpoints.search, { params: { projectId: projectId ?? 0 }, query, signal }),
    enabled: projectId !== null && enabled,
    placeholderData: keepPreviousData,
  });
