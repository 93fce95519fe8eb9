import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clientsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const MERGE_FAILED = 'Не удалось объединить клиентов. Попробуйте ещё раз.';

/** Merges `otherId` into `survivorId`: one request, all of it or nothing (the server's transaction). */
export const mergeClients = (projectId: number, survivorId: number, otherId: number) =>
  callApi(clientsEndpoints.merge, { params: { projectId, id: survivorId }, body: { other_id: otherId } });

/**
 * Merges the others into the survivor one after another (a group may hold more than two);
 * whatever merged is read again: the board, the lists, the 'Дубли' view, the survivor, and the
 * reminders and conversations that moved to him.
 */
export const useMergeClients = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ survivorId, otherIds }: { survivorId: number; otherIds: number[] }) => {
      try {
        for (const otherId of otherIds) {
          await mergeClients(projectId, survivorId, otherId);
          queryClient.removeQueries({ queryKey: queryKeys.clients.one(projectId, otherId) });
        }
      } finally {
        for (const queryKey of [
          queryKeys.clients.all(projectId),
          queryKeys.reminders.all(projectId),
          queryKeys.conversations.all(projectId),
        ]) {
          void queryClient.invalidateQueries({ queryKey });
        }
      }
    },
    meta: { errorMessage: MERGE_FAILED },
  });
};
