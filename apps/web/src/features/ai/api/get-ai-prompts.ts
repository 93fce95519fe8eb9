import { useQuery } from '@tanstack/react-query';
import { aiEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET …/ai-chats/prompts: every prompt of the project (of all groups). */
export const getAiPrompts = (projectId: number, signal?: AbortSignal) =>
  callApi(aiEndpoints.prompts, { params: { projectId }, signal });

export const useAiPrompts = (projectId: number | null) =>
  useQuery({
    queryKey: queryKeys.ai.prompts(projectId ?? 0),
    queryFn: ({ signal }) => getAiPrompts(projectId ?? 0, signal),
    meta: { errorMessage: 'Failed to get prompts.' },
    enabled: projectId !== null,
  });
