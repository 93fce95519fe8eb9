import { queryOptions, useQuery } from '@tanstack/react-query';
import { scenariosEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET …/client-reminder-templates: every scenario of the project. */
export const getScenarios = (projectId: number, signal?: AbortSignal) =>
  callApi(scenariosEndpoints.list, { params: { projectId }, signal });

export const scenariosQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.scenarios.list(projectId),
    queryFn: ({ signal }) => getScenarios(projectId, signal),
    meta: { errorMessage: 'Failed to get reminder templates.' },
  });

export const useScenarios = (projectId: number | null) =>
  useQuery({ ...scenariosQueryOptions(projectId ?? 0), enabled: projectId !== null });
