import { useQuery } from '@tanstack/react-query';
import { aiEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET …/ai-chats/initial-question-groups: every group, empty ones too. */
export const getAiGroups = (projectId: number, signal?: AbortSignal) =>
  callApi(aiEndpoints.groups, { params: { projectId }, signal });

export const useAiGroups = (projectId: number | null) =>
  useQuery({
    queryKey: queryKeys.ai.groups(projectId ?? 0),
    queryFn: ({ signal }) => getAiGroups(projectId ?? 0, signal),
    meta: { errorMessage: 'Failed to get question groups.' },
    enabled: projectId !== null,
  });
