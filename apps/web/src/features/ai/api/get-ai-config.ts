import { useQuery } from '@tanstack/react-query';
import { aiEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET …/ai-chats/config: whether the server has a model, so the page can say so at once. */
export const useAiConfig = (projectId: number | null) =>
  useQuery({
    queryKey: queryKeys.ai.config(projectId ?? 0),
    queryFn: ({ signal }) => callApi(aiEndpoints.config, { params: { projectId: projectId ?? 0 }, signal }),
    enabled: projectId !== null,
    staleTime: Infinity,
  });
