import { aiEndpoints, type AiGroupBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { useSetupMutation } from './setup-mutation';

/** POST …/ai-chats/initial-question-groups {name}: a new group. */
export const useCreateAiGroup = (projectId: number) =>
  useSetupMutation(
    projectId,
    (body: AiGroupBody) => callApi(aiEndpoints.createGroup, { params: { projectId }, body }),
    'Failed to create group. Please try again.',
  );
