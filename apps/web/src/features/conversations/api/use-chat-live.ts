import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '@/lib/live/live-events';
import { useSession } from '@/lib/session-context';
import { useAfterFirstPaint } from '@/ui/use-after-first-paint';
import { isIncoming } from '../lib/chat-cache';
import { isBeingRead } from '../lib/reading';
import { conversationsQueryOptions, receiveMessage, useMarkConversationRead } from './conversations';

/**
 * The chat's side of the live stream, for the whole signed-in layout: each new message of the
 * open project goes into the cached list and pages (the chat page, if open, shows it at once),
 * and one arriving in the conversation being read is marked read. Answers the unread total of the
 * menu's badge.
 */
export const useChatLive = (): number => {
  const { projectId, user, isAdmin } = useSession();
  const queryClient = useQueryClient();
  const markRead = useMarkConversationRead(projectId ?? 0);
  // The menu's badge is asked for once the page is drawn (useAfterFirstPaint).
  const painted = useAfterFirstPaint();
  const total = useQuery({
    ...conversationsQueryOptions(projectId ?? 0),
    enabled: projectId !== null && painted,
    select: (list) => list.unread_total,
  });

  useLiveEvent('conversation.message', ({ payload }) => {
    if (projectId === null || payload.project_id !== projectId) return;
    const message = payload.message;
    const incoming = isIncoming(message, { id: user?.id ?? null, isAdmin });
    const reading = isBeingRead(message.conversation_id);
    receiveMessage(queryClient, projectId, message, incoming && !reading);
    if (incoming && reading) markRead.mutate(message.conversation_id);
  });

  return total.data ?? 0;
};
