import { useMutation, useQueryClient } from '@tanstack/react-query';
import { knowledgeCategoriesEndpoints, type KnowledgeCategoryDeleteQuery } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

type Variables = { categoryId: number; query: KnowledgeCategoryDeleteQuery };

/**
 * DELETE …/knowledge-base/categories/{id}: an empty topic plainly; one with articles with
 * `posts=move&to=<topic>` (they move there) or `posts=delete` (they go with it).
 */
export const deleteKnowledgeCategory = (projectId: number, { categoryId, query }: Variables) =>
  callApi(knowledgeCategoriesEndpoints.remove, { params: { projectId, id: categoryId }, query });

export const useDeleteKnowledgeCategory = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => deleteKnowledgeCategory(projectId, variables),
    meta: { errorMessage: 'Failed to delete category. Please try again.' },
    // Articles moved or went with it: counts, lists and search all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.knowledge.all(projectId) }),
  });
};
