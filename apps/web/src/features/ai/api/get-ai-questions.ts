import { useQuery } from '@tanstack/react-query';
import { aiEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET …/ai-chats/initial-questions: the groups, each with its questions by `order`. */
export const getAiQuestions = (projectId: number, signal?: AbortSignal) =>
  callApi(aiEndpoints.questions, { params: { projectId }, signal });

export const useAiQuestions = (projectId: number | null) =>
  useQuery({
    queryKey: queryKeys.ai.questions(projectId ?? 0),
    queryFn: ({ signal }) => getAiQuestions(projectId ?? 0, signal),
    meta: { errorMessage: 'Failed to get questions.' },
    enabled: projectId !== null,
  });
