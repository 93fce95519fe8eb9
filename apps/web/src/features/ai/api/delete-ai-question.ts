import { aiEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { useSetupMutation } from './setup-mutation';

/** DELETE …/ai-chats/initial-questions/{id}: also leaves the prompts that had it. */
export const useDeleteAiQuestion = (projectId: number) =>
  useSetupMutation(
    projectId,
    (id: number) => callApi(aiEndpoints.deleteQuestion, { params: { projectId, id } }),
    'Failed to delete question. Please try again.',
  );
