import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clientsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { removeFromColumn, type ClientsColumn } from './move-client';

/** The client goes with its notes. */
export const deleteClient = (projectId: number, clientId: number) =>
  callApi(clientsEndpoints.remove, { params: { projectId, id: clientId } });

export const useDeleteClient = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: number) => deleteClient(projectId, clientId),
    meta: { errorMessage: 'Failed to delete client. Please try again.' },
    onSuccess: (_ok, clientId) => {
      queryClient.removeQueries({ queryKey: queryKeys.clients.one(projectId, clientId) });
      // Off the board at once; the columns are read again behind it.
      queryClient.setQueriesData<ClientsColumn>({ queryKey: queryKeys.clients.columns(projectId) }, (column) =>
        column ? removeFromColumn(column, clientId) : column,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.clients.all(projectId) });
    },
  });
};
