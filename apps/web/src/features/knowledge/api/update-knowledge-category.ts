import { useMutation, useQueryClient } from '@tanstack/react-query';
import { knowledgeCategoriesEndpoints, type KnowledgeCategoryBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

type Variables = { categoryId: number; body: KnowledgeCategoryBody };

/** PUT …/knowledge-base/categories/{id} {name}: the renamed topic. */
export const updateKnowledgeCategory = (projectId: number, { categoryId, body }: Variables) =>
  callApi(knowledgeCategoriesEndpoints.update, { params: { projectId, id: categoryId }, body });

export const useUpdateKnowledgeCategory = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => updateKnowledgeCategory(projectId, variables),
    meta: { errorMessage: 'Failed to update category. Please try again.' },
    // Search results carry the topic's name.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.knowledge.all(projectId) }),
  });
};
