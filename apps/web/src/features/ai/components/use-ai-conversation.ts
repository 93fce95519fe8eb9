import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AiMessage } from '@crm/contract';
import { queryKeys } from '@/lib/query-keys';
import { sendAiMessage } from '@/features/ai/api/send-ai-message';
import { CONNECTION_LOST, sendErrorOf } from '@/features/ai/lib/chat-errors';

/** The exchange under way: the person's text, then the reply as its pieces arrive. */
export type PendingExchange = {
  content: string;
  /** The message as the server kept it, once its line has come. */
  user: AiMessage | null;
  reply: string;
};

type SendResult = {
  /** The text was not kept by the server: the composer gets it back. */
  restoreDraft: boolean;
};

let localId = 0;
/** Ids of messages shown before the server's list is read again (a stopped reply): below zero. */
const nextLocalId = () => (localId -= 1);

const localMessage = (role: AiMessage['role'], content: string, status: AiMessage['status']): AiMessage => ({
  id: nextLocalId(),
  role,
  content,
  status,
  created_at: new Date().toISOString(),
});

/**
 * Sends a message of an AI chat and follows the streamed reply (aiStreamLineSchema): the pieces
 * show as they come, 'Остановить' aborts the request (the server keeps the partial reply as
 * `stopped`), and what was kept lands in the chat's message list.
 */
export const useAiConversation = (projectId: number, chatId: number, onNotConfigured: () => void) => {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingExchange | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const messagesKey = queryKeys.ai.messages(projectId, chatId);

  // Leaving the chat stops its reply: the server keeps what came.
  useEffect(() => () => controllerRef.current?.abort(), []);

  const append = useCallback(
    (...messages: AiMessage[]) =>
      queryClient.setQueryData<AiMessage[]>(messagesKey, (list) => [...(list ?? []), ...messages]),
    [queryClient, messagesKey],
  );

  const send = useCallback(
    async (content: string): Promise<SendResult> => {
      if (controllerRef.current) return { restoreDraft: true };
      const controller = new AbortController();
      controllerRef.current = controller;
      let exchange: PendingExchange = { content, user: null, reply: '' };
      const update = (next: PendingExchange) => {
        exchange = next;
        setPending(next);
      };
      update(exchange);
      setNotice(null);
      let finished = false;
      try {
        const lines = await sendAiMessage(projectId, chatId, content, controller.signal);
        for await (const line of lines) {
          if (line.type === 'user_message') update({ ...exchange, user: line.message });
          else if (line.type === 'delta') update({ ...exchange, reply: exchange.reply + line.content });
          else if (line.type === 'done') {
            append(exchange.user ?? localMessage('user', content, 'complete'), line.message);
            finished = true;
          } else {
            append(
              ...[exchange.user ?? localMessage('user', content, 'complete'), line.reply].filter(
                (m): m is AiMessage => m !== null,
              ),
            );
            setNotice(line.message);
            finished = true;
          }
        }
        if (!finished) {
          // The body ended without its last line: read what the server kept.
          setNotice(CONNECTION_LOST);
          await queryClient.invalidateQueries({ queryKey: messagesKey });
        }
        return { restoreDraft: false };
      } catch (error) {
        if (controller.signal.aborted) {
          // Stopped by the person: show what came as the server keeps it, then read it afresh.
          append(
            exchange.user ?? localMessage('user', content, 'complete'),
            ...(exchange.reply !== '' ? [localMessage('assistant', exchange.reply, 'stopped')] : []),
          );
          void queryClient.invalidateQueries({ queryKey: messagesKey, refetchType: 'none' });
          return { restoreDraft: false };
        }
        const problem = sendErrorOf(error);
        if (problem?.notConfigured) onNotConfigured();
        if (exchange.user) {
          // The message was kept before the connection broke: the list tells what else was.
          await queryClient.invalidateQueries({ queryKey: messagesKey });
        }
        // The page's banner says it is not configured; the chat need not say it twice.
        setNotice(problem && !problem.notConfigured ? problem.text : null);
        return { restoreDraft: exchange.user === null };
      } finally {
        controllerRef.current = null;
        setPending(null);
        void queryClient.invalidateQueries({ queryKey: queryKeys.ai.chats(projectId) });
      }
    },
    [append, chatId, messagesKey, onNotConfigured, projectId, queryClient],
  );

  const stop = useCallback(() => controllerRef.current?.abort(), []);

  return { pending, notice, dismissNotice: () => setNotice(null), send, stop };
};
