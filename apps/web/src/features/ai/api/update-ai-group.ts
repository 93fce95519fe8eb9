import { aiEndpoints, type AiGroupBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { useSetupMutation } from './setup-mutation';

type WithId<B> = { id: number; body: B };

/** PUT …/ai-chats/initial-question-groups/{id} {name}: renames a group. */
export const useUpdateAiGroup = (projectId: number) =>
  useSetupMutation(
    projectId,
    ({ id, body }: WithId<AiGroupBody>) =>
      callApi(aiEndpoints.updateGroup, { params: { projectId, id }, body }),
    'Failed to update group. Please try again.',
  );
