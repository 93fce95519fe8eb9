import { useMutation, useQueryClient } from '@tanstack/react-query';
import { knowledgePostsEndpoints, type KnowledgePostCreateBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

type Variables = { categoryId: number; body: KnowledgePostCreateBody };

/** POST …/knowledge-base/categories/{categoryId}/posts {title, content}: the new article. */
export const createKnowledgePost = (projectId: number, { categoryId, body }: Variables) =>
  callApi(knowledgePostsEndpoints.create, { params: { projectId, categoryId }, body });

export const useCreateKnowledgePost = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => createKnowledgePost(projectId, variables),
    meta: { errorMessage: 'Failed to create post. Please try again.' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.knowledge.all(projectId) }),
  });
};
