import { aiEndpoints, type AiQuestionBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { useSetupMutation } from './setup-mutation';

type WithId<B> = { id: number; body: B };

/** PUT …/ai-chats/initial-questions/{id}: the question replaced. */
export const useUpdateAiQuestion = (projectId: number) =>
  useSetupMutation(
    projectId,
    ({ id, body }: WithId<AiQuestionBody>) =>
      callApi(aiEndpoints.updateQuestion, { params: { projectId, id }, body }),
    'Failed to update question. Please try again.',
  );
