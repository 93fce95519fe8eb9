import { useQuery } from '@tanstack/react-query';
import { clientCategoriesEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /client-categories/client-counts (admins): clients per category, as a map (none: 0). */
export const useCategoryClientCounts = (projectId: number | null) => {
  const query = useQuery({
    queryKey: queryKeys.clientCategories.clientCounts(projectId ?? 0),
    queryFn: ({ signal }) =>
      callApi(clientCategoriesEndpoints.clientCounts, { params: { projectId: projectId ?? 0 }, signal }),
    enabled: projectId !== null,
    select: (rows) => new Map(rows.map((r) => [r.category_id, r.clients])),
    meta: { errorMessage: 'Failed to get client categories.' },
  });
  return query.data;
};
