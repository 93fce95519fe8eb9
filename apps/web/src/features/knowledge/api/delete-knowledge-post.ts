import { useMutation, useQueryClient } from '@tanstack/react-query';
import { knowledgePostsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE …/knowledge-base/posts/{id}. */
export const deleteKnowledgePost = (projectId: number, postId: number) =>
  callApi(knowledgePostsEndpoints.remove, { params: { projectId, id: postId } });

export const useDeleteKnowledgePost = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: number) => deleteKnowledgePost(projectId, postId),
    meta: { errorMessage: 'Failed to delete post. Please try again.' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.knowledge.all(projectId) }),
  });
};
