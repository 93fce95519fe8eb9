import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { KnowledgePost } from '@crm/contract';
import { useHintModals } from '@/ui/rich-text';
import { knowledgePostQueryOptions } from '@/features/knowledge/api/get-knowledge-post';
import { useArticleModal } from './article-modal';

/**
 * Reading an article: the read-hint modal (830 px) with its title and text, 'Назад', and for admins
 * 'Редактировать', which opens the article modal. `openById` first loads the article (a search
 * result or a reminder carries only its title); a failure is toasted by the query, and `onClose`
 * runs then too. The modal stacks over what is open: 'Назад' goes back to it.
 */
export const useArticleReader = (projectId: number | null, canEdit: boolean) => {
  const { readHint } = useHintModals();
  const openArticle = useArticleModal(projectId);
  const queryClient = useQueryClient();

  const read = useCallback(
    (post: KnowledgePost, onClose?: () => void) =>
      readHint({
        title: post.title,
        value: post.content,
        onBack: () => {},
        onEdit: canEdit ? () => openArticle({ post }) : undefined,
        onClose,
      }),
    [readHint, openArticle, canEdit],
  );

  const openById = useCallback(
    async (postId: number, onClose?: () => void) => {
      if (projectId === null) return;
      try {
        read(
          await queryClient.fetchQuery({ ...knowledgePostQueryOptions(projectId, postId), staleTime: 0 }),
          onClose,
        );
      } catch {
        // The query's toast said it.
        onClose?.();
      }
    },
    [projectId, queryClient, read],
  );

  return { read, openById };
};
