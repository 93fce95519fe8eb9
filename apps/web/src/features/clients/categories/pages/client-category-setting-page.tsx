import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { ClientCategory } from '@crm/contract';
import { paths } from '@/lib/paths';
import { plural } from '@/lib/plural';
import { clientCategoriesQueryOptions } from '@/features/clients/categories/api/client-categories-query';
import { useAdminProjectId } from '@/lib/session-context';
import { Button } from '@/ui/button';
import { Card, CardHead, CardStack, CardTitle } from '@/ui/card';
import { EmptyState, LoadError } from '@/ui/empty-state';
import { Icon } from '@/ui/icons';
import { useConfirm } from '@/ui/modal';
import { PageHeader } from '@/ui/page-header';
import { useHintModals } from '@/ui/rich-text';
import { useChangeClientCategoriesOrder } from '@/features/clients/categories/api/change-client-categories-order';
import { useDeleteClientCategory } from '@/features/clients/categories/api/delete-client-category';
import { useCategoryClientCounts } from '@/features/clients/categories/api/get-category-client-counts';
import { CategoryList, CategoryListSkeleton } from '@/features/clients/categories/components/category-list';
import { useCategoryModal } from '@/features/clients/categories/components/category-modal';
import { LossReasonsCard } from '@/features/clients/categories/components/loss-reasons-card';

export const CATEGORY_DELETED = 'Категория удалена!';

const clientsInCategory = (n: number) => `${n} ${plural(n, ['клиент', 'клиента', 'клиентов'])}`;

/**
 * What deleting does, as the server does it: a category with clients is refused (they are never
 * moved or lost silently); an empty one goes with its hint and its status goals, and categories
 * leading to it lead nowhere.
 */
const DELETE_HINT =
  'Удалить можно только категорию без клиентов: если в ней есть клиенты, сначала переведите их в другую категорию. ' +
  'Вместе с категорией удаляются её подсказка и цели статусов по ней, а категории, которые вели в неё, больше никуда не ведут.';

/** /client-category-setting (admins): the pipeline's categories, their order, chain, colours, times and hints. */
export const ClientCategorySettingPage = () => {
  const projectId = useAdminProjectId();
  const categoriesQuery = useQuery({
    ...clientCategoriesQueryOptions(projectId ?? 0),
    enabled: projectId !== null,
  });
  const openModal = useCategoryModal(projectId);
  const { readHint } = useHintModals();
  const confirm = useConfirm();
  const reorder = useChangeClientCategoriesOrder(projectId ?? 0);
  const deleteCategory = useDeleteClientCategory(projectId ?? 0);
  const clientCounts = useCategoryClientCounts(projectId);
  const navigate = useNavigate();

  const askDelete = (category: ClientCategory) => {
    const clients = clientCounts?.get(category.id) ?? 0;
    // Said before anything is confirmed: a category with clients cannot go (the server refuses too).
    if (clients > 0) {
      void confirm({
        message: `В категории «${category.name}» ${clientsInCategory(clients)}: удалить её нельзя.`,
        hint: 'Переведите клиентов в другую категорию на доске клиентов, затем удалите эту.',
        cancelText: 'Понятно',
        agreeText: 'Открыть доску',
        agreeVariant: 'primary',
        onAgree: () => void navigate(paths.clients),
      });
      return;
    }
    void confirm({
      message: `Удалить категорию «${category.name}»?`,
      hint: DELETE_HINT,
      onAgree: async () => {
        await deleteCategory.mutateAsync(category.id);
        toast.success(CATEGORY_DELETED);
      },
    });
  };

  const showHint = (category: ClientCategory) =>
    readHint({
      title: `Подсказка категории «${category.name}»`,
      value: category.clue?.clue ?? '',
      onEdit: () => openModal(category),
    });

  const add = () => openModal();
  const categories = categoriesQuery.data;
  const addButton = (
    <Button onClick={add} disabled={projectId === null}>
      <Icon name="plus" size={18} />
      Добавить категорию
    </Button>
  );

  return (
    <>
      <PageHeader title="Категории клиентов" actions={addButton} />
      {categoriesQuery.isError ? (
        <LoadError
          text="Не удалось загрузить категории клиентов."
          onRetry={() => void categoriesQuery.refetch()}
        />
      ) : categories && categories.length === 0 ? (
        <EmptyState
          icon="tag"
          text="Категорий пока нет: добавьте первую, например «Новый клиент», — это первый этап воронки."
          action={
            <Button variant="secondary" onClick={add}>
              <Icon name="plus" size={18} />
              Добавить категорию
            </Button>
          }
        />
      ) : (
        <CardStack>
          <Card aria-labelledby="categories-title">
            <CardHead text="Порядок категорий — это этапы воронки. Чтобы изменить его, перетащите категорию за ручку слева. «Успех» и «Отказ» завершают воронку и всегда стоят последними.">
              <CardTitle id="categories-title" count={categories?.length}>
                Этапы воронки
              </CardTitle>
            </CardHead>
            {categories ? (
              <CategoryList
                categories={categories}
                clientCounts={clientCounts}
                onReorder={(ids) => reorder.mutate(ids)}
                onEdit={openModal}
                onDelete={askDelete}
                onReadHint={showHint}
              />
            ) : (
              <CategoryListSkeleton />
            )}
          </Card>
          {projectId !== null && <LossReasonsCard projectId={projectId} />}
        </CardStack>
      )}
    </>
  );
};
