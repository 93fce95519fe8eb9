import { useMutation, useQueryClient } from '@tanstack/react-query';
import { knowledgePostsEndpoints, type KnowledgePostUpdateBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

type Variables = { postId: number; body: KnowledgePostUpdateBody };

/** PUT …/knowledge-base/posts/{id} {title, content, category_id}: a new topic moves the article. */
export const updateKnowledgePost = (projectId: number, { postId, body }: Variables) =>
  callApi(knowledgePostsEndpoints.update, { params: { projectId, id: postId }, body });

export const useUpdateKnowledgePost = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => updateKnowledgePost(projectId, variables),
    meta: { errorMessage: 'Failed to update post. Please try again.' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.knowledge.all(projectId) }),
  });
};
