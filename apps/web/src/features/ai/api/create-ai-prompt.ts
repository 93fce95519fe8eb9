import { aiEndpoints, type AiPromptBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { useSetupMutation } from './setup-mutation';

/** POST …/ai-chats/prompts {name, questions, ai_initial_question_group_id}. */
export const useCreateAiPrompt = (projectId: number) =>
  useSetupMutation(
    projectId,
    (body: AiPromptBody) => callApi(aiEndpoints.createPrompt, { params: { projectId }, body }),
    'Failed to create prompt. Please try again.',
  );
