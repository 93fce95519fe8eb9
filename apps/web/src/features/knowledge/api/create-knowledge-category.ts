import { useMutation, useQueryClient } from '@tanstack/react-query';
import { knowledgeCategoriesEndpoints, type KnowledgeCategoryBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST …/knowledge-base/categories {name}: the new topic. */
export const createKnowledgeCategory = (projectId: number, body: KnowledgeCategoryBody) =>
  callApi(knowledgeCategoriesEndpoints.create, { params: { projectId }, body });

export const useCreateKnowledgeCategory = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: KnowledgeCategoryBody) => createKnowledgeCategory(projectId, body),
    meta: { errorMessage: 'Failed to create category. Please try again.' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.knowledge.categories(projectId) }),
  });
};
