import { aiEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { useSetupMutation } from './setup-mutation';

/** DELETE …/ai-chats/initial-question-groups/{id}: the group with its questions and prompts. */
export const useDeleteAiGroup = (projectId: number) =>
  useSetupMutation(
    projectId,
    (id: number) => callApi(aiEndpoints.deleteGroup, { params: { projectId, id } }),
    'Failed to delete group. Please try again.',
  );
