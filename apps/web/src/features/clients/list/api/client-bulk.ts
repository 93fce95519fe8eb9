import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clientBulkEndpoints, type ClientBulkBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { useLiveEvent } from '@/lib/live/live-events';
import { queryKeys } from '@/lib/query-keys';

/**
 * Starts a bulk action: done at once for a few clients (the list and board are read again), or
 * running in the background (its progress then follows from `useRunningBulks`).
 */
export const useStartBulk = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientBulkBody) => callApi(clientBulkEndpoints.start, { params: { projectId }, body }),
    meta: { errorMessage: 'Не удалось выполнить действие с клиентами.' },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.clients.all(projectId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.clients.bulkRunning(projectId) }),
      ]),
  });
};

/**
 * The caller's bulk actions still running, read again whenever one moves on (the live event
 * `client_bulk.changed`): a page opened later shows their progress as well. When one ends the
 * clients are read again.
 */
export const useRunningBulks = (projectId: number) => {
  const queryClient = useQueryClient();
  const running = useQuery({
    queryKey: queryKeys.clients.bulkRunning(projectId),
    queryFn: ({ signal }) => callApi(clientBulkEndpoints.running, { params: { projectId }, signal }),
    meta: { errorMessage: 'Не удалось узнать, как идут массовые действия.' },
  });
  useLiveEvent('client_bulk.changed', ({ payload }) => {
    if (payload.project_id !== projectId) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.clients.bulkRunning(projectId) });
    void callApi(clientBulkEndpoints.get, { params: { projectId, id: payload.bulk_id } }).then((bulk) => {
      if (bulk.status !== 'running')
        void queryClient.invalidateQueries({ queryKey: queryKeys.clients.all(projectId) });
    });
  });
  return running;
};
