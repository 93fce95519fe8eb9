import { aiEndpoints, type AiQuestionBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { useSetupMutation } from './setup-mutation';

/** POST …/ai-chats/initial-questions: a new question of a group. */
export const useCreateAiQuestion = (projectId: number) =>
  useSetupMutation(
    projectId,
    (body: AiQuestionBody) => callApi(aiEndpoints.createQuestion, { params: { projectId }, body }),
    'Failed to create question. Please try again.',
  );
