import { useMutation, useQueryClient } from '@tanstack/react-query';
import { aiEndpoints, type AiChat, type AiChatCreateBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST …/ai-chats {prompt_id, answers}: starts a chat; it goes to the top of the list at once. */
export const createAiChat = (projectId: number, body: AiChatCreateBody) =>
  callApi(aiEndpoints.createChat, { params: { projectId }, body });

export const useCreateAiChat = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AiChatCreateBody) => createAiChat(projectId, body),
    meta: { errorMessage: 'Failed to create chat. Please try again.' },
    onSuccess: (chat) => {
      queryClient.setQueryData<AiChat[]>(queryKeys.ai.chats(projectId), (list) =>
        list ? [chat, ...list.filter((c) => c.id !== chat.id)] : list,
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.ai.chats(projectId) });
    },
  });
};
