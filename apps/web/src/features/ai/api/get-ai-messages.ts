import { useQuery } from '@tanstack/react-query';
import { aiEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET …/ai-chats/{id}/messages: the chat's messages, oldest first. */
export const getAiMessages = (projectId: number, chatId: number, signal?: AbortSignal) =>
  callApi(aiEndpoints.chatMessages, { params: { projectId, id: chatId }, signal });

/** The chat shows its own load error with 'Повторить', so no toast. */
export const useAiMessages = (projectId: number | null, chatId: number | null) =>
  useQuery({
    queryKey: queryKeys.ai.messages(projectId ?? 0, chatId ?? 0),
    queryFn: ({ signal }) => getAiMessages(projectId ?? 0, chatId ?? 0, signal),
    enabled: projectId !== null && chatId !== null,
  });
