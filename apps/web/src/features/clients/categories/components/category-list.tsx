import { useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import type { ClientCategory } from '@crm/contract';
import { categoryOutcomeLabels } from '@crm/contract';
import { formatNumber } from '@/lib/numbers';
import { IconButton } from '@/ui/button';
import { cx } from '@/ui/cx';
import { Icon } from '@/ui/icons';
import rows from '@/ui/rows.module.css';
import { Skeleton } from '@/ui/skeleton';
import { SortableIds } from '@/ui/drag/sortable-ids';
import { DragHandle } from '@/ui/drag/drag-handle';
import styles from './category-settings.module.css';

const SECONDS_PER_HOUR = 3600;

/** '24 ч', '1,5 ч' for a duration not in whole hours, '—' for none. */
const formatHours = (duration: number) =>
  duration > 0
    ? `${(duration / SECONDS_PER_HOUR).toLocaleString('ru-RU', { maximumFractionDigits: 2 })} ч`
    : '—';

export type CategoryActions = {
  onEdit: (category: ClientCategory) => void;
  onDelete: (category: ClientCategory) => void;
  onReadHint: (category: ClientCategory) => void;
};

type RowContentProps = CategoryActions & {
  category: ClientCategory;
  nextName: string | null;
  /** Clients in it now; undefined while the counts load. */
  clients: number | undefined;
  handle: ReactNode;
};

/** One category's line: handle, colour, name and hint, clients, time, next category, actions. */
const RowContent = ({
  category,
  nextName,
  clients,
  handle,
  onEdit,
  onDelete,
  onReadHint,
}: RowContentProps) => {
  const hasHint = category.clue !== null && category.clue.clue !== '';
  return (
    <>
      <span className={styles.handleCell}>{handle}</span>
      <span className={styles.dot} style={{ background: `#${category.color}` }} aria-hidden="true" />
      <span className={styles.nameCell}>
        <span className={cx(rows.name, styles.name)} data-testid="category-name">
          {category.name}
        </span>
        {category.outcome && (
          <span className={cx(styles.outcome, styles[category.outcome])} data-testid="category-outcome">
            {categoryOutcomeLabels[category.outcome]}
          </span>
        )}
        {hasHint && (
          <button
            type="button"
            className={styles.hintBadge}
            onClick={() => onReadHint(category)}
            aria-label={`Подсказка категории «${category.name}»`}
            title="Подсказка"
          >
            <Icon name="help" size={14} />
            Подсказка
          </button>
        )}
      </span>
      <span className={cx(styles.metaCell, styles.clientsCell)}>
        <span className={rows.muted}>Клиентов</span>
        <span className={styles.metaValue} data-testid="category-clients">
          {clients === undefined ? '…' : formatNumber(clients)}
        </span>
      </span>
      <span className={cx(styles.metaCell, styles.timeCell)}>
        <span className={rows.muted}>Время в категории</span>
        <span className={styles.metaValue}>{formatHours(category.duration)}</span>
      </span>
      <span className={cx(styles.metaCell, styles.nextCell)}>
        <span className={rows.muted}>Следующая</span>
        <span className={cx(styles.metaValue, styles.nextName)}>{nextName ?? '—'}</span>
      </span>
      <span className={styles.actionsCell}>
        <IconButton label={`Редактировать категорию «${category.name}»`} onClick={() => onEdit(category)}>
          <Icon name="edit" size={18} />
        </IconButton>
        <IconButton
          label={`Удалить категорию «${category.name}»`}
          destructive
          onClick={() => onDelete(category)}
        >
          <Icon name="trash" size={18} />
        </IconButton>
      </span>
    </>
  );
};

type SortableRowProps = CategoryActions & {
  category: ClientCategory;
  nextName: string | null;
  clients: number | undefined;
};

const SortableRow = ({ category, nextName, clients, ...actions }: SortableRowProps) => {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: category.id,
    });
  return (
    <li
      ref={setNodeRef}
      className={cx(styles.row, isDragging && styles.dragging)}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-testid="category-row"
    >
      <RowContent
        category={category}
        nextName={nextName}
        clients={clients}
        handle={
          <DragHandle
            label={`Переместить категорию «${category.name}»`}
            ref={setActivatorNodeRef}
            attributes={attributes}
            listeners={listeners}
          />
        }
        {...actions}
      />
    </li>
  );
};

type CategoryListProps = CategoryActions & {
  categories: ClientCategory[];
  /** Clients per category (a category missing has none); undefined while they load. */
  clientCounts: ReadonlyMap<number, number> | undefined;
  /** The new order of ids, after a drag that moved something. */
  onReorder: (ids: number[]) => void;
};

/**
 * The ordered categories (the pipeline's stages), reordered by dragging a row's handle with the
 * pointer, or with Space, the arrow keys (25 px a press) and Space again.
 */
export const CategoryList = ({ categories, clientCounts, onReorder, ...actions }: CategoryListProps) => {
  const clientsIn = (category: ClientCategory) =>
    clientCounts ? (clientCounts.get(category.id) ?? 0) : undefined;
  const byId = new Map(categories.map((c) => [c.id, c]));
  const nextNameOf = (category: ClientCategory) =>
    category.next_category_id === null ? null : (byId.get(category.next_category_id)?.name ?? null);

  return (
    <SortableIds
      ids={categories.map((c) => c.id)}
      nameOf={(id) => byId.get(id)?.name ?? ''}
      strategy={verticalListSortingStrategy}
      onReorder={onReorder}
      overlay={(id) => {
        const active = byId.get(id);
        return active ? (
          // A picture of the row under the pointer: nothing in it can be focused or pressed.
          <div className={cx(styles.row, styles.overlay)} inert>
            <RowContent
              category={active}
              nextName={nextNameOf(active)}
              clients={clientsIn(active)}
              handle={
                <span className={styles.overlayHandle} aria-hidden="true">
                  <Icon name="grip" size={18} strokeWidth={3} />
                </span>
              }
              {...actions}
            />
          </div>
        ) : null;
      }}
    >
      <ol className={cx(rows.list, styles.list)} data-testid="categories-list">
        {categories.map((category) => (
          <SortableRow
            key={category.id}
            category={category}
            nextName={nextNameOf(category)}
            clients={clientsIn(category)}
            {...actions}
          />
        ))}
      </ol>
    </SortableIds>
  );
};

export const CategoryListSkeleton = () => (
  <div aria-hidden="true" data-testid="categories-skeleton">
    {[0, 1, 2, 3].map((i) => (
      <div key={i} className={styles.row}>
        <span className={styles.handleCell}>
          <Skeleton width={20} height={20} />
        </span>
        <Skeleton width={12} height={12} />
        <span className={styles.nameCell}>
          <Skeleton width="40%" height={14} />
        </span>
        <span className={cx(styles.metaCell, styles.clientsCell)}>
          <Skeleton width={60} height={14} />
        </span>
        <span className={cx(styles.metaCell, styles.timeCell)}>
          <Skeleton width={90} height={14} />
        </span>
        <span className={cx(styles.metaCell, styles.nextCell)}>
          <Skeleton width={110} height={14} />
        </span>
        <span className={styles.actionsCell} />
      </div>
    ))}
  </div>
);
