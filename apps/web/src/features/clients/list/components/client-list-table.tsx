import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ClientListColumn, SearchDirection } from '@crm/contract';
import { paths } from '@/lib/paths';
import { LoadError } from '@/ui/empty-state';
import { Skeleton } from '@/ui/skeleton';
import { useClientList, type ClientListRequest } from '@/features/clients/list/api/get-client-list';
import type { ListColumn } from './list-columns';
import styles from './client-list.module.css';

const ROW_HEIGHT = 44;
/** A column's share of the row: at least this wide, so a phone scrolls the table sideways. */
const COLUMN_MIN = 150;
const CHECK_WIDTH = 44;

type ClientListTableProps = {
  projectId: number;
  query: ClientListRequest;
  columns: ListColumn[];
  sort: ClientListColumn;
  direction: SearchDirection;
  onSort: (column: ClientListColumn) => void;
  /** Row selection for bulk actions: the chosen ids, or every match (`all`). */
  selection: { ids: ReadonlySet<number>; all: boolean };
  onSelect: (ids: number[], chosen: boolean) => void;
  /** The count of every match, once the first page says it. */
  onTotal: (total: number | null) => void;
};

/**
 * The list view's table: a header of sortable columns and the rows, read 50 at a time by the
 * cursor as the table scrolls and virtualised (only the rows in sight are in the page), so
 * 100 000 clients scroll as smoothly as 50.
 */
export const ClientListTable = ({
  projectId,
  query,
  columns,
  sort,
  direction,
  onSort,
  selection,
  onSelect,
  onTotal,
}: ClientListTableProps) => {
  const list = useClientList(projectId, query);
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = useMemo(() => {
    const seen = new Set<number>();
    return (list.data?.pages ?? [])
      .flatMap((page) => page.data)
      .filter((c) => !seen.has(c.id) && seen.add(c.id));
  }, [list.data]);
  const total = list.data?.pages[0]?.total ?? null;
  useEffect(() => onTotal(total), [total, onTotal]);
  const isChosen = (id: number) => selection.all || selection.ids.has(id);
  const allLoaded = rows.length > 0 && rows.every((c) => isChosen(c.id));
  const more = list.hasNextPage;
  const { fetchNextPage, isFetchingNextPage } = list;
  const nextFailed = list.isFetchNextPageError;
  const virtualizer = useVirtualizer({
    count: rows.length + (more ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (more && !isFetchingNextPage && !nextFailed && lastIndex >= rows.length - 10) void fetchNextPage();
  }, [more, isFetchingNextPage, nextFailed, lastIndex, rows.length, fetchNextPage]);

  const template = `${CHECK_WIDTH}px repeat(${columns.length}, minmax(${COLUMN_MIN}px, 1fr))`;
  const width = CHECK_WIDTH + columns.length * COLUMN_MIN;

  if (list.isError && rows.length === 0) {
    return <LoadError text="Не удалось загрузить список клиентов." onRetry={() => void list.refetch()} />;
  }
  return (
    <div className={styles.tableWrap}>
      <p className={styles.count} aria-live="polite" data-testid="list-total">
        {total === null ? 'Загрузка…' : `Найдено клиентов: ${total.toLocaleString('ru-RU')}`}
      </p>
      <div
        ref={scrollRef}
        className={styles.scroller}
        role="table"
        aria-label="Клиенты"
        aria-rowcount={total === null ? -1 : total + 1}
        tabIndex={0}
      >
        <div className={styles.head} role="row" style={{ gridTemplateColumns: template, minWidth: width }}>
          <div role="columnheader" className={styles.checkCell}>
            <input
              type="checkbox"
              aria-label="Выбрать загруженных клиентов"
              checked={allLoaded}
              disabled={selection.all}
              onChange={(event) =>
                onSelect(
                  rows.map((c) => c.id),
                  event.target.checked,
                )
              }
            />
          </div>
          {columns.map((column) => {
            const sorted = column.key === sort;
            return (
              <div
                key={column.key}
                role="columnheader"
                aria-sort={sorted ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                className={styles.headCell}
              >
                <button type="button" className={styles.sortButton} onClick={() => onSort(column.key)}>
                  <span className={styles.headTitle}>{column.title}</span>
                  <span aria-hidden="true" className={styles.sortMark}>
                    {sorted ? (direction === 'asc' ? '↑' : '↓') : ''}
                  </span>
                </button>
              </div>
            );
          })}
        </div>
        {list.isPending ? (
          <div aria-busy="true">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <div key={i} className={styles.skeletonRow}>
                <Skeleton height={16} />
              </div>
            ))}
          </div>
        ) : rows.length === 0 ? (
          <p className={styles.empty}>Под эти фильтры не подходит ни один клиент.</p>
        ) : (
          <div
            role="rowgroup"
            style={{ height: virtualizer.getTotalSize(), position: 'relative', minWidth: width }}
          >
            {items.map((item) => {
              const client = rows[item.index];
              if (!client) {
                return (
                  <div
                    key="more"
                    role="row"
                    className={styles.row}
                    style={{ transform: `translateY(${item.start}px)` }}
                  >
                    <div role="cell" className={styles.moreCell}>
                      {nextFailed ? (
                        <button type="button" className={styles.retry} onClick={() => void fetchNextPage()}>
                          Не удалось загрузить. Повторить
                        </button>
                      ) : (
                        'Загрузка…'
                      )}
                    </div>
                  </div>
                );
              }
              return (
                <div
                  key={client.id}
                  role="row"
                  aria-rowindex={item.index + 2}
                  className={styles.row}
                  data-testid="list-row"
                  style={{ gridTemplateColumns: template, transform: `translateY(${item.start}px)` }}
                >
                  <div role="cell" className={styles.checkCell}>
                    <input
                      type="checkbox"
                      aria-label={`Выбрать: ${client.name} ${client.last_name}`}
                      checked={isChosen(client.id)}
                      disabled={selection.all}
                      onChange={(event) => onSelect([client.id], event.target.checked)}
                    />
                  </div>
                  {columns.map((column, i) => (
                    <div key={column.key} role="cell" className={styles.cell}>
                      {i === 0 ? (
                        // The client's page opens from his first cell (docs/product.md §4.8 "List view").
                        <Link to={paths.client(client.id)} className={styles.open}>
                          {column.render(client) || '—'}
                        </Link>
                      ) : (
                        column.render(client)
                      )}
                    </div>
                  ))}
                </div>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
};
