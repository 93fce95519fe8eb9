import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * Seam for the client categories issue: GET /projects/{id}/client-categories does not exist on
 * the server yet, so the query is written but switched off (no call, an empty list). The status
 * goals screen already renders a goal input per category from this list; turn it on when the
 * endpoint lands (and move the type to the contract). Shared here because the categories
 * screens and the statuses screens both read it.
 */
export const CLIENT_CATEGORIES_ENABLED = false;

/** Spec §3 Client category, the fields other screens need (colour: hex without '#'). */
export type ClientCategoryRef = { id: number; name: string; color: string };

export const clientCategoriesQueryKey = (projectId: number) => ['projects', projectId, 'client-categories'] as const;

export const getClientCategories = (projectId: number, signal?: AbortSignal) =>
  api.get<ClientCategoryRef[]>(`/projects/${projectId}/client-categories`, undefined, signal);

export const clientCategoriesQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: clientCategoriesQueryKey(projectId),
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
