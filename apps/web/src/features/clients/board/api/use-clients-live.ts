import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useLiveEvent } from '@/lib/live/live-events';
import { queryKeys } from '@/lib/query-keys';

/**
 * Clients changed elsewhere (another tab, a colleague, the scheduler; the live event
 * `clients.changed`, docs/product.md §8.3): what the page shows about the project's clients is read
 * again. While `hold` is set (a card is being dragged or its move is on its way) the refresh waits,
 * so the card in the hand is not pulled away, and runs once it is released.
 */
export const useClientsLive = (projectId: number, hold = false) => {
  const queryClient = useQueryClient();
  const pending = useRef(false);
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.clients.all(projectId) }),
    [queryClient, projectId],
  );

  useLiveEvent('clients.changed', ({ payload }) => {
    if (payload.project_id !== projectId) return;
    if (hold) pending.current = true;
    else refresh();
  });

  useEffect(() => {
    if (hold || !pending.current) return;
    pending.current = false;
    refresh();
  }, [hold, refresh]);
};
