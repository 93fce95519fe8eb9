import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clientsEndpoints, type ClientCreateBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** {name, last_name, amount, traffic, category_id, manager_id?, fields}; answers the client (201). */
export const createClient = (projectId: number, body: ClientCreateBody) =>
  callApi(clientsEndpoints.create, { params: { projectId }, body });

export const useCreateClient = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientCreateBody) => createClient(projectId, body),
    meta: { errorMessage: 'Failed to create client. Please try again.' },
    // Not awaited: the modal closes at once while the columns read again.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.clients.all(projectId) }),
  });
};
