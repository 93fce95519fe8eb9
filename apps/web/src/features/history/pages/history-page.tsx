import { useCallback, useMemo } from 'react';
import { paths } from '@/lib/paths';
import { Slot } from '@/lib/slots';
import { useProjectTimeZone } from '@/lib/project-time-zone';
import { useSession } from '@/lib/session-context';
import { useSessionModals } from '@/lib/session-modals';
import { Button } from '@/ui/button';
import { ButtonLink } from '@/ui/button-link';
import { EmptyState, LoadError } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { Skeleton } from '@/ui/skeleton';
import { useHistory } from '../api/get-history';
import { HistoryFilterBar } from '../components/history-filter-bar';
import { HistoryList } from '../components/history-list';
import { hasHistoryFilters, toHistoryFilters, useHistoryParams } from '../components/history-params';
import { HistorySkeleton } from '../components/history-skeleton';

/** While the client panel's chunk loads. */
const PanelSkeleton = () => (
  <div aria-busy="true">
    <Skeleton width="60%" height={18} />
  </div>
);

/**
 * /history (docs/product.md §9.1): who changed what and when, newest first, under the project's
 * days; filtered by person, kind of entity and days (kept in the address). Admins see the whole
 * project, a manager what concerns his own clients (the server decides).
 */
export const HistoryPage = () => {
  const { projectId, isAdmin } = useSession();
  const zone = useProjectTimeZone();
  const modals = useSessionModals();
  const { params, update, reset } = useHistoryParams();
  const filters = useMemo(() => toHistoryFilters(params), [params]);
  const history = useHistory(projectId, filters);
  const entries = useMemo(() => history.data?.pages.flatMap((page) => page.data) ?? [], [history.data]);
  const filtered = hasHistoryFilters(params);

  // The same panel as a reminder's 'Подробнее о клиенте'; a deleted client says so in it.
  const openClient = useCallback(
    (clientId: number) =>
      modals.open(() => <Slot id="client-info" clientId={clientId} fallback={<PanelSkeleton />} />, {
        kind: 'side',
        title: 'Подробнее о клиенте',
      }),
    [modals],
  );
  const { fetchNextPage, isFetchingNextPage } = history;
  const loadMore = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, isFetchingNextPage]);

  const formerName = entries.find((e) => String(e.actor?.id) === params.user_id)?.actor?.name;

  const body = () => {
    if (history.isPending) return <HistorySkeleton />;
    if (history.isError && !history.data) {
      return (
        <LoadError text="Не удалось загрузить историю действий." onRetry={() => void history.refetch()} />
      );
    }
    if (entries.length === 0 && filtered) {
      return (
        <EmptyState
          icon="search"
          text="Под эти фильтры не подходит ни одна запись."
          action={
            <Button variant="secondary" onClick={reset}>
              Сбросить фильтры
            </Button>
          }
        />
      );
    }
    if (entries.length === 0) {
      return (
        <EmptyState
          icon="history"
          text={
            isAdmin
              ? 'Здесь пока пусто — изменения в проекте появятся здесь, как только их кто-нибудь сделает.'
              : 'Здесь пока пусто — изменения по вашим клиентам появятся здесь, как только их кто-нибудь сделает.'
          }
          action={<ButtonLink to={paths.clients}>К клиентам</ButtonLink>}
        />
      );
    }
    return (
      <HistoryList
        entries={entries}
        zone={zone}
        hasMore={history.hasNextPage}
        loadingMore={history.isFetchingNextPage}
        moreFailed={history.isFetchNextPageError}
        onLoadMore={loadMore}
        onOpenClient={openClient}
      />
    );
  };

  return (
    <>
      <PageHeader title="История действий" />
      <HistoryFilterBar
        projectId={projectId}
        params={params}
        formerName={formerName}
        onChange={update}
        onReset={reset}
      />
      {body()}
    </>
  );
};
