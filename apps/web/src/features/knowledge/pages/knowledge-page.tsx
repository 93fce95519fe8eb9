import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session-context';
import { ButtonLink } from '@/ui/button-link';
import { EmptyState } from '@/ui/empty-state';
import { Icon } from '@/ui/icons';
import { PageHeader } from '@/ui/page-header';
import { useKnowledgeCategories } from '@/features/knowledge/api/knowledge-queries';
import { LibraryView } from '@/features/knowledge/components/library-view';

/**
 * /knowledge (every member): the library's topics and articles, read in the 830 px reader, and a
 * search over every title and text. Admins also get 'Редактировать' in the reader and a way to
 * the settings.
 */
export const KnowledgePage = () => {
  const { projectId, isAdmin } = useSession();
  const categoriesQuery = useKnowledgeCategories(projectId);
  const settingsLink = (variant: 'primary' | 'secondary') => (
    <ButtonLink to={paths.librarySettings} variant={variant}>
      <Icon name="settings" size={18} />
      Настройки библиотеки
    </ButtonLink>
  );

  return (
    <>
      <PageHeader title="Библиотека знаний" actions={isAdmin ? settingsLink('secondary') : undefined} />
      <LibraryView
        projectId={projectId}
        topics={categoriesQuery.data}
        isError={categoriesQuery.isError}
        onRetry={() => void categoriesQuery.refetch()}
        canEdit={isAdmin}
        empty={
          <EmptyState
            icon="knowledge"
            text={
              isAdmin
                ? 'В библиотеке пока нет статей: добавьте первую тему и статью в настройках библиотеки.'
                : 'В библиотеке пока нет статей: их добавляет администратор проекта.'
            }
            action={isAdmin ? settingsLink('primary') : undefined}
          />
        }
      />
    </>
  );
};
