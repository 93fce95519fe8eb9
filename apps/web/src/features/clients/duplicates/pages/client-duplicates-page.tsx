import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { DuplicateGroup } from '@crm/contract';
import { useClientsLive } from '@/features/clients/board/api/use-clients-live';
import { useClientInfoPanel } from '@/features/clients/board/components/client-info';
import { useClientModal } from '@/features/clients/board/components/client-modal';
import { useClientCategories } from '@/features/clients/categories/api/client-categories-query';
import { paths } from '@/lib/paths';
import { plural } from '@/lib/plural';
import { useSession } from '@/lib/session-context';
import { BackLink } from '@/ui/back-link';
import { ButtonLink } from '@/ui/button-link';
import { Card } from '@/ui/card';
import { EmptyState, LoadError } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { Pager } from '@/ui/pager/pager';
import { Loading, Skeleton } from '@/ui/skeleton';
import { useDuplicateGroups } from '../api/get-duplicate-groups';
import { DuplicateGroupCard } from '../components/duplicate-group-card';
import { useMergeGroupModal } from '../components/use-merge-modal';
import styles from '../components/duplicates.module.css';

const GROUPS = ['группа', 'группы', 'групп'] as const;

const GroupsSkeleton = () => (
  <Loading label="Загрузка дублей" className={styles.groups}>
    {[0, 1, 2].map((i) => (
      <Card key={i} className={styles.group}>
        <Skeleton width="45%" height={20} />
        {[0, 1].map((j) => (
          <Skeleton key={j} height={18} />
        ))}
      </Card>
    ))}
  </Loading>
);

/** The page in the address (?page=2), so a reload or Back keeps it. */
const usePageParam = () => {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const setPage = useCallback(
    (next: number) =>
      setParams((current) => {
        const out = new URLSearchParams(current);
        if (next > 1) out.set('page', String(next));
        else out.delete('page');
        return out;
      }),
    [setParams],
  );
  return [page, setPage] as const;
};

/**
 * /clients/duplicates, 'Дубли' (admins; docs/product.md, "Duplicates"): the project's clients
 * that share a phone or a link, then those with the same name, a group a card, each merged with
 * 'Объединить'. Changes to clients elsewhere refresh it.
 */
export const ClientDuplicatesPage = () => {
  const { projectId } = useSession();
  const [page, setPage] = usePageParam();
  const groups = useDuplicateGroups(projectId, page);
  const { categories } = useClientCategories(projectId);
  const clientModal = useClientModal();
  const openEdit = useCallback((clientId: number) => clientModal.openEdit(clientId), [clientModal]);
  const openInfo = useClientInfoPanel(openEdit);
  const openMerge = useMergeGroupModal();
  useClientsLive(projectId ?? 0);
  // A page past the last (its groups merged, here or elsewhere): the last one there is.
  const lastPage = groups.data?.last_page;
  const beyond = groups.data !== undefined && groups.data.data.length === 0 && page > 1;
  useEffect(() => {
    if (beyond && lastPage !== undefined) setPage(lastPage);
  }, [beyond, lastPage, setPage]);

  const body = () => {
    if (groups.isPending) return <GroupsSkeleton />;
    if (groups.isError && !groups.data) {
      return <LoadError text="Не удалось загрузить дубли клиентов." onRetry={() => void groups.refetch()} />;
    }
    const { data, current_page, last_page } = groups.data;
    if (beyond) return <GroupsSkeleton />;
    if (data.length === 0) {
      return (
        <EmptyState
          icon="check"
          text="Дублей нет: у каждого клиента свой телефон, своя ссылка на соцсеть и своё имя с фамилией."
          action={<ButtonLink to={paths.clients}>К клиентам</ButtonLink>}
        />
      );
    }
    return (
      <>
        <ul className={styles.groups} aria-busy={groups.isPlaceholderData || undefined}>
          {data.map((group: DuplicateGroup) => (
            <li key={group.clients.map((c) => c.id).join('-')}>
              <DuplicateGroupCard
                group={group}
                categories={categories}
                onOpen={(clientId) => {
                  const client = group.clients.find((c) => c.id === clientId);
                  if (client) openInfo(client);
                }}
                onMerge={(g) => openMerge(g.clients)}
              />
            </li>
          ))}
        </ul>
        <div className={styles.pager}>
          <Pager current={current_page} last={last_page} onChange={setPage} label="Страницы дублей" />
        </div>
      </>
    );
  };

  const total = groups.data?.total ?? 0;
  return (
    <>
      <BackLink to={paths.clients}>Клиенты</BackLink>
      <PageHeader title="Дубли клиентов" />
      <p className={styles.intro}>
        Клиенты с одним телефоном или одной ссылкой на соцсеть — дубли; с одинаковыми именем и фамилией —
        возможные дубли. Объедините их, чтобы у каждого человека была одна карточка.
        {total > 0 && ` Найдено: ${total} ${plural(total, GROUPS)}.`}
      </p>
      {body()}
    </>
  );
};
