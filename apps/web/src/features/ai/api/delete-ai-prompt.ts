import { aiEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { useSetupMutation } from './setup-mutation';

/** DELETE …/ai-chats/prompts/{id}: chats begun with it stay. */
export const useDeleteAiPrompt = (projectId: number) =>
  useSetupMutation(
    projectId,
    (id: number) => callApi(aiEndpoints.deletePrompt, { params: { projectId, id } }),
    'Failed to delete prompt. Please try again.',
  );
