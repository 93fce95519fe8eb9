import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { paths } from '@/lib/paths';
import { clientCategoriesQueryOptions } from '@/features/clients/categories/api/client-categories-query';
import { useSession } from '@/lib/session-context';
import { Button } from '@/ui/button';
import { ButtonLink } from '@/ui/button-link';
import { EmptyState, LoadError } from '@/ui/empty-state';
import { Icon } from '@/ui/icons';
import { PageHeader } from '@/ui/page-header';
import { Skeleton } from '@/ui/skeleton';
import type { ClientsRange } from '@/features/clients/board/api/get-clients';
import { GET_FORM_FAILED, useClientForm } from '@/features/clients/form/api/get-form';
import { Board } from '@/features/clients/board/components/board';
import { BoardDateFilter } from '@/features/clients/board/components/board-date-filter';
import { BoardManagerFilter } from '@/features/clients/board/components/board-manager-filter';
import type { ClientCardActions } from '@/features/clients/board/components/client-card';
import { useConfirmDeleteClient } from '@/features/clients/board/components/client-delete';
import { useClientInfoPanel, useClientNotesPanel } from '@/features/clients/board/components/client-info';
import { useClientModal } from '@/features/clients/board/components/client-modal';
import styles from '@/features/clients/board/components/board.module.css';
import { ExportMenu } from '@/features/clients/export/components/export-menu';
import { DuplicatesButton } from '@/features/clients/duplicates/components/duplicates-button';
import { ClientList } from '@/features/clients/list/components/client-list';
import { ViewSwitch, useViewParam } from '@/features/clients/list/components/view-switch';
import { ViewSelect, useBoardView, viewOnBoard } from '@/features/clients/list/components/view-select';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

type BoardFilters = Pick<ClientsRange, 'from' | 'to' | 'manager'> & { saved?: number };
const ID = /^[1-9]\d{0,14}$/;

/**
 * The board's filters live in the address (?from=&to=&manager=&saved=, the last a saved view), so
 * a reload or a shared link keeps them.
 */
const useRangeParam = () => {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const manager = params.get('manager') ?? '';
  const saved = params.get('saved') ?? '';
  const range = useMemo<BoardFilters>(
    () => ({
      from: DAY.test(from) ? from : undefined,
      to: DAY.test(to) ? to : undefined,
      manager: ID.test(manager) ? Number(manager) : undefined,
      saved: ID.test(saved) ? Number(saved) : undefined,
    }),
    [from, to, manager, saved],
  );
  const setRange = useCallback(
    (next: BoardFilters) =>
      setParams(
        (current) => {
          const out = new URLSearchParams(current);
          for (const key of ['from', 'to', 'manager', 'saved'] as const) {
            if (next[key]) out.set(key, String(next[key]));
            else out.delete(key);
          }
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [range, setRange] as const;
};

const BoardSkeleton = () => (
  <div className={styles.boardSkeleton} aria-busy="true">
    <span className="visually-hidden">Загрузка доски клиентов</span>
    {[0, 1, 2, 3].map((i) => (
      <div key={i}>
        <Skeleton width="60%" height={18} />
        {[0, 1, 2].map((j) => (
          <Skeleton key={j} height={88} />
        ))}
      </div>
    ))}
  </div>
);

/**
 * /clients (docs/product.md §4.8): the pipeline board, a column per category with its clients,
 * filtered by creation date; cards move between columns by drag.
 */
export const ClientsPage = () => {
  const { projectId, isAdmin, user } = useSession();
  const [view, setView] = useViewParam();
  const categories = useQuery({
    ...clientCategoriesQueryOptions(projectId ?? 0),
    enabled: projectId !== null,
  });
  const form = useClientForm(projectId);
  const [range, setRange] = useRangeParam();
  const clientModal = useClientModal();
  const confirmDelete = useConfirmDeleteClient();
  const openNotes = useClientNotesPanel();
  const openEdit = useCallback((clientId: number) => clientModal.openEdit(clientId), [clientModal]);
  const openInfo = useClientInfoPanel(openEdit);

  const actions = useMemo<ClientCardActions>(
    () => ({
      onInfo: openInfo,
      onEdit: (client) => openEdit(client.id),
      onNotes: openNotes,
      onDelete: (client) => void confirmDelete(client),
    }),
    [openInfo, openEdit, openNotes, confirmDelete],
  );
  // A saved view narrows the board where the board's own controls do not (its days, its manager).
  const boardView = useBoardView(projectId ?? 0, range.saved);
  const fromView = viewOnBoard(boardView);
  const ownDays = Boolean(range.from || range.to);
  const filters: ClientsRange = {
    from: ownDays ? range.from : fromView.from,
    to: ownDays ? range.to : fromView.to,
    manager: range.manager ?? fromView.manager,
    search: fromView.search,
    traffic: fromView.traffic,
    select_id: fromView.select_id,
    option_id: fromView.option_id,
    status: fromView.status,
  };
  // A range that ends before it starts is not sent: the columns keep the dates as they were.
  const applied =
    filters.from && filters.to && filters.from > filters.to ? { ...filters, to: undefined } : filters;
  // 'Успех' and 'Отказ' come with every project: a pipeline starts with its first working stage.
  const hasCategories = categories.data?.some((c) => c.outcome === null) ?? false;
  const loading = projectId === null || categories.isPending || form.isPending;
  // The button and the dates stand while the board loads (the button waits), so the board takes
  // the placeholder's place instead of being pushed down by them; an empty pipeline drops them.
  const boardTools = loading || hasCategories;

  const body = (() => {
    if (categories.isError) {
      return (
        <LoadError
          text="Не удалось загрузить категории клиентов."
          onRetry={() => void categories.refetch()}
        />
      );
    }
    if (form.isError) return <LoadError text={GET_FORM_FAILED} onRetry={() => void form.refetch()} />;
    if (loading) return <BoardSkeleton />;
    if (!hasCategories) {
      return isAdmin ? (
        <EmptyState
          icon="tag"
          text="Клиенты движутся по категориям воронки. Создайте первую категорию, чтобы добавлять клиентов."
          action={<ButtonLink to={paths.clientCategorySetting}>Настроить категории</ButtonLink>}
        />
      ) : (
        <EmptyState
          icon="tag"
          text="Администратор ещё не настроил категории клиентов. Когда они появятся, здесь будет доска."
        />
      );
    }
    if (view === 'list') {
      return (
        <ClientList
          projectId={projectId}
          userId={user?.id ?? 0}
          isAdmin={isAdmin}
          categories={categories.data}
          groups={form.data}
        />
      );
    }
    return (
      <Board
        projectId={projectId}
        categories={categories.data}
        range={applied}
        showManager={isAdmin}
        groups={form.data}
        onAdd={(categoryId) => clientModal.openCreate({ categoryId })}
        actions={actions}
      />
    );
  })();

  return (
    <>
      <PageHeader
        title="Клиенты"
        actions={
          boardTools && (
            <>
              <DuplicatesButton />
              {isAdmin && (
                <ButtonLink variant="secondary" to={paths.clientsImport}>
                  <Icon name="upload" size={18} />
                  Импорт
                </ButtonLink>
              )}
              <ExportMenu
                query={{
                  from: applied.from,
                  to: applied.to,
                  manager_id: applied.manager,
                  search: applied.search,
                  traffic: applied.traffic,
                  select_id: applied.select_id,
                  option_id: applied.option_id,
                  status: applied.status,
                }}
              />
              <Button disabled={loading} onClick={() => clientModal.openCreate()}>
                <Icon name="plus" size={18} />
                Добавить клиента
              </Button>
            </>
          )
        }
      />
      {boardTools && (
        <div className={styles.toolbar}>
          <ViewSwitch value={view} onChange={setView} />
          {view === 'board' && <BoardDateFilter value={range} onChange={setRange} />}
          {view === 'board' && isAdmin && (
            <BoardManagerFilter value={range.manager} onChange={(m) => setRange({ ...range, manager: m })} />
          )}
          {view === 'board' && projectId !== null && (
            <ViewSelect
              projectId={projectId}
              value={range.saved}
              onChange={(saved) => setRange({ ...range, saved })}
            />
          )}
        </div>
      )}
      {body}
    </>
  );
};
