import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '@/lib/live/live-events';
import { useSession } from '@/lib/session-context';
import { useAfterFirstPaint } from '@/ui/use-after-first-paint';
import { isClientBeingRead } from '../lib/reading';
import { receiveClientMessage, useInboxUnread, useMarkClientRead } from './client-messages';

/**
 * The inbox's side of the live stream, for the whole signed-in layout: each client message of
 * the open project (new, sent, failed) goes into the cached conversation, the inbox is read
 * again, and one arriving in a conversation on screen is marked read. Answers the menu's badge.
 */
export const useInboxLive = (): number => {
  const { projectId } = useSession();
  const queryClient = useQueryClient();
  const markRead = useMarkClientRead(projectId ?? 0);
  const painted = useAfterFirstPaint();
  const total = useInboxUnread(projectId, painted);

  useLiveEvent('client.message', ({ payload }) => {
    if (projectId === null || payload.project_id !== projectId) return;
    receiveClientMessage(queryClient, projectId, payload.message);
    if (payload.message.direction === 'in' && isClientBeingRead(payload.client_id)) markRead.mutate(payload.client_id);
  });

  return total.data ?? 0;
};
