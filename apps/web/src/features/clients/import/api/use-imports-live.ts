import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '@/lib/live/live-events';
import { queryKeys } from '@/lib/query-keys';

/**
 * An import moved on (progress, a step ended; the live event 'client_import.changed',
 * docs/product.md §8.3): the project's list and that import are read again.
 */
export const useImportsLive = (projectId: number | null) => {
  const queryClient = useQueryClient();
  useLiveEvent('client_import.changed', ({ payload }) => {
    if (projectId === null || payload.project_id !== projectId) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.clientImports.list(projectId) });
    void queryClient.invalidateQueries({
      queryKey: queryKeys.clientImports.one(projectId, payload.import_id),
    });
  });
};
