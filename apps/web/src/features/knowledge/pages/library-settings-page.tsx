import { toast } from 'react-toastify';
import type { KnowledgeCategory, KnowledgePost } from '@crm/contract';
import { useAdminProjectId } from '@/lib/session-context';
import { Button, IconButton } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { Icon } from '@/ui/icons';
import { useConfirm } from '@/ui/modal';
import { PageHeader } from '@/ui/page-header';
import { useDeleteKnowledgePost } from '@/features/knowledge/api/delete-knowledge-post';
import { useKnowledgeCategories } from '@/features/knowledge/api/knowledge-queries';
import { useArticleModal } from '@/features/knowledge/components/article-modal';
import { LibraryView, type LibraryEditing } from '@/features/knowledge/components/library-view';
import { useTopicDelete } from '@/features/knowledge/components/topic-delete-modal';
import { useTopicModals } from '@/features/knowledge/components/topic-modals';
import { useLibraryParams } from '@/features/knowledge/components/use-library-params';

export const POST_DELETED = 'Статья удалена!';

/** /library-settings (admins): the library with its topics and articles added, renamed, edited, deleted. */
export const LibrarySettingsPage = () => {
  const projectId = useAdminProjectId();
  const categoriesQuery = useKnowledgeCategories(projectId);
  const { setCategory } = useLibraryParams();
  const { addTopic, renameTopic } = useTopicModals(projectId);
  const deleteTopic = useTopicDelete(projectId);
  const openArticle = useArticleModal(projectId);
  const deletePost = useDeleteKnowledgePost(projectId ?? 0);
  const confirm = useConfirm();
  const topics = categoriesQuery.data;
  const hasTopics = topics !== undefined && topics.length > 0;

  const add = () => addTopic((created) => setCategory(created.id));
  const askDeletePost = (post: KnowledgePost) =>
    void confirm({
      message: `Удалить статью «${post.title}»?`,
      hint: 'Статью нельзя будет восстановить.',
      onAgree: async () => {
        await deletePost.mutateAsync(post.id);
        toast.success(POST_DELETED);
      },
    });

  const editing: LibraryEditing = {
    topicActions: (topic: KnowledgeCategory, all: KnowledgeCategory[]) => (
      <>
        <IconButton label={`Переименовать тему «${topic.name}»`} onClick={() => renameTopic(topic.id)}>
          <Icon name="edit" size={18} />
        </IconButton>
        <IconButton label={`Удалить тему «${topic.name}»`} destructive onClick={() => deleteTopic(topic, all)}>
          <Icon name="trash" size={18} />
        </IconButton>
      </>
    ),
    articleActions: (post) => (
      <>
        <IconButton label={`Редактировать статью «${post.title}»`} onClick={() => openArticle({ post })}>
          <Icon name="edit" size={18} />
        </IconButton>
        <IconButton label={`Удалить статью «${post.title}»`} destructive onClick={() => askDeletePost(post)}>
          <Icon name="trash" size={18} />
        </IconButton>
      </>
    ),
    addArticle: (topic, place) => (
      <Button variant={place === 'head' ? 'secondary' : 'primary'} onClick={() => openArticle({ categoryId: topic.id })}>
        <Icon name="plus" size={18} />
        Добавить статью
      </Button>
    ),
  };

  return (
    <>
      <PageHeader
        title="Настройки библиотеки"
        actions={
          <>
            <Button variant="secondary" onClick={() => renameTopic()} disabled={!hasTopics}>
              <Icon name="edit" size={18} />
              Переименовать тему
            </Button>
            <Button onClick={add} disabled={projectId === null}>
              <Icon name="plus" size={18} />
              Добавить тему
            </Button>
          </>
        }
      />
      <LibraryView
        projectId={projectId}
        topics={topics}
        isError={categoriesQuery.isError}
        onRetry={() => void categoriesQuery.refetch()}
        canEdit
        editing={editing}
        empty={
          <EmptyState
            icon="knowledge"
            text="Тем пока нет: добавьте первую, например «Работа с возражениями», и напишите в ней статью."
            action={
              <Button onClick={add}>
                <Icon name="plus" size={18} />
                Добавить тему
              </Button>
            }
          />
        }
      />
    </>
  );
};
