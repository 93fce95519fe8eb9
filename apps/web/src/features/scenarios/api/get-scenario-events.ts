import { queryOptions, useQuery } from '@tanstack/react-query';
import { scenariosEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET …/client-reminder-templates/events: the categories and select fields (with options) a scenario starts from. */
export const getScenarioEvents = (projectId: number, signal?: AbortSignal) =>
  callApi(scenariosEndpoints.events, { params: { projectId }, signal });

export const scenarioEventsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.scenarios.events(projectId),
    queryFn: ({ signal }) => getScenarioEvents(projectId, signal),
    meta: { errorMessage: 'Failed to get reminder events.' },
  });

export const useScenarioEvents = (projectId: number | null) =>
  useQuery({ ...scenarioEventsQueryOptions(projectId ?? 0), enabled: projectId !== null });
