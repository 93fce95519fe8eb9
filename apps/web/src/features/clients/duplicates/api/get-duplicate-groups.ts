import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { clientsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** One page of the project's duplicate groups (admins; docs/product.md, "Duplicates"). */
export const getDuplicateGroups = (projectId: number, page: number, signal?: AbortSignal) =>
  callApi(clientsEndpoints.duplicateGroups, { params: { projectId }, query: { page }, signal });

/** The page on screen stays while the next one loads; the page says in its place what failed. */
export const useDuplicateGroups = (projectId: number | null, page: number) =>
  useQuery({
    queryKey: queryKeys.clients.duplicateGroups(projectId ?? 0, page),
    queryFn: ({ signal }) => getDuplicateGroups(projectId ?? 0, page, signal),
    enabled: projectId !== null,
    placeholderData: keepPreviousData,
  });
