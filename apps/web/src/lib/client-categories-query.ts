import { queryOptions, useQuery } from '@tanstack/react-query';
import { pathOf } from '@crm/contract';
import { apiRequest } from './api-client';
import { queryKeys } from './query-keys';

/**
 * Seam for the client categories issue: the list endpoint does not exist on the server yet, so
 * the query is written but switched off (no call, an empty list). The status goals screen
 * already renders a goal input per category from this list; turn it on when the endpoint lands
 * (declare it in the contract, call it with `callApi`, and move the type there). Shared here
 * because the categories screens and the statuses screens both read it.
 */
export const CLIENT_CATEGORIES_ENABLED = false;

/** The path the endpoint will have, in the contract's form, until the contract declares it. */
const CLIENT_CATEGORIES_PATH = '/projects/:projectId/client-categories';

/** A client category (docs/product.md §4.6), the fields other screens need (colour: hex without '#'). */
export type ClientCategoryRef = { id: number; name: string; color: string };

export const getClientCategories = (projectId: number, signal?: AbortSignal) =>
  apiRequest<ClientCategoryRef[]>(pathOf({ path: CLIENT_CATEGORIES_PATH }, { projectId }), { signal });

export const clientCategoriesQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.clientCategories.list(projectId),
    queryFn: ({ signal }) => getClientCategories(projectId, signal),
  });

/** The project's categories; an empty, settled list while the seam is off. */
export const useClientCategories = (projectId: number | null) => {
  const query = useQuery({
    ...clientCategoriesQueryOptions(projectId ?? 0),
    enabled: CLIENT_CATEGORIES_ENABLED && projectId !== null,
  });
  return {
    categories: query.data ?? [],
    isPending: CLIENT_CATEGORIES_ENABLED && query.isPending,
  };
};
