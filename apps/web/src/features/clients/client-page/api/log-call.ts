import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clientCallsEndpoints, type ClientCallCreateBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST …/clients/{id}/calls: a call logged on the client; his page reads its timeline again. */
export const useLogCall = (projectId: number, clientId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientCallCreateBody) =>
      callApi(clientCallsEndpoints.create, { params: { projectId, clientId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.clients.page(projectId, clientId) }),
  });
};
