import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { statisticsEndpoints, type StatisticsQuery } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET …/statistics?from&to[&manager_id]: every figure of the page for one period, in one answer. */
export const getStatistics = (projectId: number, query: StatisticsQuery, signal?: AbortSignal) =>
  callApi(statisticsEndpoints.get, { params: { projectId }, query, signal });

// No toast (no meta.errorMessage): the page shows the failure with 'Повторить', and a 422 under
// the date inputs.
export const statisticsQueryOptions = (projectId: number, query: StatisticsQuery) =>
  queryOptions({
    queryKey: queryKeys.statistics(projectId, query),
    queryFn: ({ signal }) => getStatistics(projectId, query, signal),
  });

/** The previous period stays on screen (dimmed) while the next one loads. */
export const useStatistics = (projectId: number | null, query: StatisticsQuery | null) =>
  useQuery({
    ...statisticsQueryOptions(projectId ?? 0, query ?? { from: '', to: '' }),
    enabled: projectId !== null && query !== null,
    placeholderData: keepPreviousData,
  });
