import { aiEndpoints, type AiPromptBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { useSetupMutation } from './setup-mutation';

type WithId<B> = { id: number; body: B };

/** PUT …/ai-chats/prompts/{id}: name and questions replaced. */
export const useUpdateAiPrompt = (projectId: number) =>
  useSetupMutation(
    projectId,
    ({ id, body }: WithId<AiPromptBody>) =>
      callApi(aiEndpoints.updatePrompt, { params: { projectId, id }, body }),
    'Failed to update prompt. Please try again.',
  );
