import { foundCount } from './search-query';
import { useState } from 'react';
import { useOutletContext } from 'react-router';
import type { ManagerClientsOutletContext } from '@/lib/route-fragment';
import { useClientCategories } from '@/features/clients/categories/api/client-categories-query';
import { formatDate } from '@/lib/dates';
import { formatNumber } from '@/lib/numbers';
import { Button } from '@/ui/button';
import { CardHead, CardTitle } from '@/ui/card';
import { EmptyState, LoadError } from '@/ui/empty-state';
import { Icon } from '@/ui/icons';
import { Skeleton, Loading } from '@/ui/skeleton';
import { useSearchClientsPage } from '@/features/clients/search/api/search-clients';
import { useClientModal } from '@/features/clients/board/components/client-modal';
import { CategoryChip } from './search-category-chip';
import { CLIENT_DETAILS_PANEL } from './search-client-details';
import styles from './search-manager-clients.module.css';

/**
 * The 'Клиенты' card of a manager's page (/managers/{id}, admins): his clients, newest first, 20 a
 * page; a row opens the client in the side panel.
 */
export const ManagerClients = () => {
  const { projectId, managerId, titleId } = useOutletContext<ManagerClientsOutletContext>();
  // The page number belongs to one manager: another manager's page starts at the first.
  const [paging, setPaging] = useState({ managerId, page: 1 });
  const page = paging.managerId === managerId ? paging.page : 1;
  const result = useSearchClientsPage(projectId, {
    manager_id: managerId,
    order: 'created_at',
    direction: 'desc',
    page,
  });
  const { categories } = useClientCategories(projectId);
  const { openEdit } = useClientModal();
  const categoryById = new Map(categories.map((c) => [c.id, c]));
  const data = result.data;

  const title = (
    <CardHead>
      <CardTitle id={titleId} count={data && foundCount(data)}>
        Клиенты
      </CardTitle>
    </CardHead>
  );

  if (result.isError && !data) {
    return (
      <>
        {title}
        <LoadError
          plain
          text="Не удалось загрузить клиентов менеджера."
          onRetry={() => void result.refetch()}
        />
      </>
    );
  }
  if (!data) {
    return (
      <>
        {title}
        <Loading className={styles.skeleton} label="Загрузка клиентов">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={44} />
          ))}
        </Loading>
      </>
    );
  }
  if (data.total === 0) {
    return (
      <>
        {title}
        <EmptyState plain icon="clients" text="У менеджера пока нет клиентов" />
      </>
    );
  }

  const goTo = (next: number) => setPaging({ managerId, page: next });
  return (
    <>
      {title}
      <ul className={styles.list} aria-labelledby={titleId} aria-busy={result.isPlaceholderData || undefined}>
        {data.data.map((client) => (
          <li key={client.id}>
            <button
              type="button"
              className={styles.row}
              onClick={() => openEdit(client.id, CLIENT_DETAILS_PANEL)}
              data-testid="manager-client"
            >
              <span className={styles.name}>
                {client.name} {client.last_name}
              </span>
              <span className={styles.amount}>
                <span className="visually-hidden">Сумма клиента: </span>
                {formatNumber(client.amount)}
              </span>
              <span className={styles.meta}>
                <CategoryChip category={categoryById.get(client.category_id)} />
                <span className={styles.date}>
                  <span className="visually-hidden">Добавлен </span>
                  {formatDate(client.created_at)}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {data.last_page > 1 && (
        <nav className={styles.pager} aria-label="Страницы клиентов">
          <Button variant="secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
            <Icon name="chevronLeft" size={18} />
            Назад
          </Button>
          <span className={styles.pageOf} aria-live="polite">
            Страница {data.current_page} из {data.last_page}
          </span>
          <Button variant="secondary" disabled={page >= data.last_page} onClick={() => goTo(page + 1)}>
            Вперёд
            <Icon name="chevronRight" size={18} />
          </Button>
        </nav>
      )}
    </>
  );
};
