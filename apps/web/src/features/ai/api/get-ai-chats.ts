import { useQuery } from '@tanstack/react-query';
import { aiEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET …/ai-chats: the person's own chats. */
export const getAiChats = (projectId: number, signal?: AbortSignal) =>
  callApi(aiEndpoints.chats, { params: { projectId }, signal });

export const useAiChats = (projectId: number | null) =>
  useQuery({
    queryKey: queryKeys.ai.chats(projectId ?? 0),
    queryFn: ({ signal }) => getAiChats(projectId ?? 0, signal),
    meta: { errorMessage: 'Failed to get chats.' },
    enabled: projectId !== null,
  });
