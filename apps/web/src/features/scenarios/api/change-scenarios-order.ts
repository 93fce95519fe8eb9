import { useMutation, useQueryClient } from '@tanstack/react-query';
import { scenariosEndpoints, type Scenario } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { reorderInList } from '@/features/scenarios/components/scenario-groups';

/** PUT …/client-reminder-templates/change-order {ids}: every scenario of one group, in the new order. */
export const changeScenariosOrder = (projectId: number, ids: number[]) =>
  callApi(scenariosEndpoints.changeOrder, { params: { projectId }, body: { ids } });

/**
 * The group shows the new order at once; if the server refuses, the previous order comes back
 * (docs/product.md §4.10) and the error toast says why.
 */
export const useChangeScenariosOrder = (projectId: number) => {
  const queryClient = useQueryClient();
  const key = queryKeys.scenarios.list(projectId);
  return useMutation({
    mutationFn: (ids: number[]) => changeScenariosOrder(projectId, ids),
    meta: { errorMessage: 'Failed to reorder reminder event.' },
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Scenario[]>(key);
      if (previous) queryClient.setQueryData(key, reorderInList(previous, ids));
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (saved) => {
      // The answer names the group's scenarios with their stored order: put them in the list.
      const byId = new Map(saved.map((scenario) => [scenario.id, scenario]));
      queryClient.setQueryData<Scenario[]>(key, (list) =>
        list?.map((scenario) => byId.get(scenario.id) ?? scenario),
      );
    },
  });
};
