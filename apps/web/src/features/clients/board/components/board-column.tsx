import { useEffect, useMemo, useRef } from 'react';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import { categoryOutcomeLabels, type Client, type ClientCategory, type FormGroup } from '@crm/contract';
import type { ClientCategoryRef } from '@/features/clients/categories/api/client-categories-query';
import { formatNumber } from '@/lib/numbers';
import { IconButton } from '@/ui/button';
import { cx } from '@/ui/cx';
import { LoadError } from '@/ui/empty-state';
import { Icon } from '@/ui/icons';
import { useHintModals } from '@/ui/rich-text';
import { Skeleton } from '@/ui/skeleton';
import { useClientsColumn, type ClientsRange } from '@/features/clients/board/api/get-clients';
import { ClientCard, type ClientCardActions, type ClientCardMove } from './client-card';
import styles from './board.module.css';

/** A card's height before it is measured (a closed card with two lines of facts). */
const ESTIMATED_CARD = 104;
const CARD_GAP = 8;

/**
 * The loaded pages as one list. Pages are read at different times: a client created or moved in
 * between shifts the pages, so one may show up twice; it is listed once.
 */
const uniqueClients = (pages: ReadonlyArray<{ data: Client[] }>): Client[] => {
  const seen = new Set<number>();
  return pages
    .flatMap((page) => page.data)
    .filter((client) => {
      if (seen.has(client.id)) return false;
      seen.add(client.id);
      return true;
    });
};

export const columnDropId = (categoryId: number) => `column-${categoryId}`;
export const cardDragId = (clientId: number) => `client-${clientId}`;

export type CardDragData = { client: Client };
export type ColumnDropData = { category: ClientCategoryRef };

type DraggableCardProps = {
  client: Client;
  color: string;
  showManager: boolean;
  groups: readonly FormGroup[];
  expanded: boolean;
  onToggle: () => void;
  actions: ClientCardActions;
  move?: ClientCardMove;
};

const DraggableCard = (props: DraggableCardProps) => {
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: cardDragId(props.client.id),
    data: { client: props.client } satisfies CardDragData,
  });
  return (
    <ClientCard
      {...props}
      drag={{
        ref: setNodeRef,
        handleRef: setActivatorNodeRef,
        // The pointer may pick the card up anywhere; the keyboard only from its handle (the
        // sensor ignores keys from the card's other buttons, as the handle is the activator).
        cardProps: listeners ?? {},
        handleProps: attributes,
        dragging: isDragging,
      }}
    />
  );
};

const ColumnSkeleton = () => (
  <div className={styles.cards} aria-hidden="true">
    {[0, 1, 2].map((i) => (
      <div key={i} className={styles.cardSkeleton}>
        <Skeleton width="70%" height={14} />
        <Skeleton width="45%" height={12} />
      </div>
    ))}
  </div>
);

/** A stage as the board shows it: with its hint, which a manager reads from the column's head. */
export type BoardCategory = ClientCategoryRef & Pick<ClientCategory, 'clue' | 'outcome'>;

type BoardColumnProps = {
  projectId: number;
  category: BoardCategory;
  range: ClientsRange;
  showManager: boolean;
  groups: readonly FormGroup[];
  /** The card being dragged: kept rendered even when scrolled out of the window. */
  activeClientId: number | null;
  expanded: ReadonlySet<number>;
  onToggle: (clientId: number) => void;
  onAdd: (categoryId: number) => void;
  actions: ClientCardActions;
  /** On a phone: 'Переместить в…' on each card. */
  move?: ClientCardMove;
  /** The column's clients and the sum of their amounts under the board's filters (column-totals). */
  totals?: { clients: number; amount: number };
};

/**
 * One pipeline stage: its name and count, its clients newest first, read 20 at a time as the
 * column scrolls and virtualized, so a column of thousands stays smooth. The whole column is a
 * drop target.
 */
export const BoardColumn = ({
  projectId,
  category,
  range,
  showManager,
  groups,
  activeClientId,
  expanded,
  onToggle,
  onAdd,
  actions,
  move,
  totals,
}: BoardColumnProps) => {
  const query = useClientsColumn(projectId, category.id, range);
  const { readHint } = useHintModals();
  const hint = category.clue?.clue ?? '';
  const { setNodeRef, isOver } = useDroppable({
    id: columnDropId(category.id),
    data: { category } satisfies ColumnDropData,
  });
  const scrollRef = useRef<HTMLDivElement>(null);
  const clients = useMemo(() => uniqueClients(query.data?.pages ?? []), [query.data]);
  const total = query.data?.pages[0]?.total;
  const more = query.hasNextPage;
  const { fetchNextPage, isFetchingNextPage } = query;
  // Read before the status checks below narrow the query's type: a failed next page keeps the data.
  const nextPageFailed = query.isFetchNextPageError;
  const activeIndex = activeClientId === null ? -1 : clients.findIndex((c) => c.id === activeClientId);

  const virtualizer = useVirtualizer({
    count: clients.length + (more ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_CARD + CARD_GAP,
    overscan: 6,
    getItemKey: (index) => clients[index]?.id ?? 'more',
    rangeExtractor: (range) => {
      const indexes = defaultRangeExtractor(range);
      return activeIndex >= 0 && !indexes.includes(activeIndex)
        ? [...indexes, activeIndex].sort((a, b) => a - b)
        : indexes;
    },
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  // The next page is read when its placeholder row scrolls into the window.
  useEffect(() => {
    if (more && !isFetchingNextPage && !nextPageFailed && lastIndex >= clients.length) void fetchNextPage();
  }, [more, isFetchingNextPage, nextPageFailed, lastIndex, clients.length, fetchNextPage]);

  const titleId = `board-column-${category.id}`;
  return (
    <section
      ref={setNodeRef}
      className={cx(styles.column, isOver && styles.columnOver)}
      aria-labelledby={titleId}
      data-testid="board-column"
      data-category-id={category.id}
      data-over={isOver || undefined}
    >
      <header className={styles.columnHead} style={{ borderTopColor: `#${category.color}` }}>
        <span className={styles.dot} style={{ background: `#${category.color}` }} aria-hidden="true" />
        {category.outcome && (
          // A stage that ends the pipeline says so before its name (docs/product.md §4.6).
          <span
            className={cx(styles.outcome, styles[category.outcome])}
            role="img"
            aria-label={categoryOutcomeLabels[category.outcome]}
            data-testid="column-outcome"
          >
            <Icon name={category.outcome === 'won' ? 'check' : 'close'} size={14} />
          </span>
        )}
        <h2 id={titleId} className={styles.columnTitle} title={category.name}>
          {category.name}
        </h2>
        {hint !== '' && (
          // The stage's hint, for whoever works its clients (docs/product.md §4.6).
          <IconButton
            label={`Подсказка категории «${category.name}»`}
            onClick={() => readHint({ title: `Подсказка категории «${category.name}»`, value: hint })}
            className={styles.columnHint}
          >
            <Icon name="help" size={16} />
          </IconButton>
        )}
        <span className={styles.count}>
          <span className="visually-hidden">Клиентов: </span>
          <span data-testid="column-count">{total === undefined ? '…' : formatNumber(total)}</span>
        </span>
        {totals && (
          <span className={styles.sum} data-testid="column-sum">
            <span className="visually-hidden">Сумма: </span>
            {formatNumber(totals.amount)}
          </span>
        )}
        <IconButton
          label={`Добавить клиента в «${category.name}»`}
          onClick={() => onAdd(category.id)}
          className={styles.columnAdd}
        >
          <Icon name="plus" size={18} />
        </IconButton>
      </header>

      {query.isPending ? (
        <ColumnSkeleton />
      ) : query.isError ? (
        <div className={styles.columnState}>
          <LoadError plain text="Не удалось загрузить клиентов." onRetry={() => void query.refetch()} />
        </div>
      ) : clients.length === 0 ? (
        <div className={styles.columnEmpty}>
          <p>
            {range.search !== undefined ||
            range.traffic !== undefined ||
            range.option_id !== undefined ||
            range.status !== undefined
              ? 'По этому виду здесь клиентов нет.'
              : range.from || range.to
                ? 'За эти даты клиентов нет.'
                : 'Пока нет клиентов.'}
          </p>
        </div>
      ) : (
        <div ref={scrollRef} className={styles.scroll}>
          <div
            role="list"
            aria-label={`Клиенты: ${category.name}`}
            className={styles.virtual}
            style={{ height: virtualizer.getTotalSize() }}
          >
            {items.map((item) => {
              const client = clients[item.index];
              return (
                <div
                  key={item.key}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  role={client ? 'listitem' : undefined}
                  aria-setsize={client && total !== undefined ? total : undefined}
                  aria-posinset={client ? item.index + 1 : undefined}
                  className={styles.row}
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  {client ? (
                    <DraggableCard
                      client={client}
                      color={category.color}
                      showManager={showManager}
                      groups={groups}
                      expanded={expanded.has(client.id)}
                      onToggle={() => onToggle(client.id)}
                      actions={actions}
                      move={move}
                    />
                  ) : nextPageFailed ? (
                    <button type="button" className={styles.retry} onClick={() => void fetchNextPage()}>
                      Не удалось загрузить ещё. Повторить
                    </button>
                  ) : (
                    <div className={styles.cardSkeleton}>
                      <span className="visually-hidden">Загрузка клиентов</span>
                      <Skeleton width="70%" height={14} />
                      <Skeleton width="45%" height={12} />
                    </div>
                  )}
                </div>
              );
            })}
          </div>
        </div>
      )}
    </section>
  );
};
