import { useMutation, useQueryClient } from '@tanstack/react-query';
import { scenariosEndpoints, type ScenarioUpdateBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

type Variables = { id: number; body: ScenarioUpdateBody };

/** PUT …/client-reminder-templates/{id}: the event stays; everything else is replaced. */
export const updateScenario = (projectId: number, { id, body }: Variables) =>
  callApi(scenariosEndpoints.update, { params: { projectId, id }, body });

export const useUpdateScenario = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => updateScenario(projectId, variables),
    meta: { errorMessage: 'Failed to update reminder template. Please try again.' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.scenarios.list(projectId) }),
  });
};
