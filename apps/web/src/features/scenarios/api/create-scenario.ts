import { useMutation, useQueryClient } from '@tanstack/react-query';
import { scenariosEndpoints, type ScenarioCreateBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST …/client-reminder-templates: the new scenario. */
export const createScenario = (projectId: number, body: ScenarioCreateBody) =>
  callApi(scenariosEndpoints.create, { params: { projectId }, body });

export const useCreateScenario = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScenarioCreateBody) => createScenario(projectId, body),
    meta: { errorMessage: 'Failed to create reminder template. Please try again.' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.scenarios.list(projectId) }),
  });
};
