import { queryOptions, useQuery } from '@tanstack/react-query';
import { lossReasonsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /loss-reasons: the project's list (the move dialog offers it, admins edit it). */
export const lossReasonsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.clientCategories.lossReasons(projectId),
    queryFn: ({ signal }) => callApi(lossReasonsEndpoints.list, { params: { projectId }, signal }),
    meta: { errorMessage: 'Failed to get loss reasons.' },
  });

export const useLossReasons = (projectId: number) => useQuery(lossReasonsQueryOptions(projectId));
