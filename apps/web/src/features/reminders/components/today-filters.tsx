import type { TodayFilters as TodayFiltersData } from '@crm/contract';
import { cx } from '@/ui/cx';
import styles from './today.module.css';

/** The one filter of today's list: a category entered or an option got (or none: 'Все'). */
export type TodayFilter = { kind: 'category' | 'option'; id: number } | null;

type TodayFiltersProps = {
  filters: TodayFiltersData;
  total: number | string | undefined;
  value: TodayFilter;
  onChange: (filter: TodayFilter) => void;
};

type ChipProps = {
  active: boolean;
  count: number | string | undefined;
  color?: string;
  onClick: () => void;
  children: string;
};

const Chip = ({ active, count, color, onClick, children }: ChipProps) => (
  <button
    type="button"
    className={cx(styles.chip, active && styles.chipActive)}
    aria-pressed={active}
    onClick={onClick}
    data-testid="today-filter"
  >
    {color && <span className={styles.chipDot} style={{ background: `#${color}` }} aria-hidden="true" />}
    <span className={styles.chipName}>{children}</span>
    {count !== undefined && (
      <span className={styles.chipCount} data-testid="today-filter-count">
        {count}
      </span>
    )}
  </button>
);

/**
 * The filters of today's view (docs/product.md §4.9): 'Все', then the categories today's
 * scenario-made reminders came from (their colour and count), then the select options.
 */
export const TodayFilters = ({ filters, total, value, onChange }: TodayFiltersProps) => {
  const is = (kind: 'category' | 'option', id: number) => value?.kind === kind && value.id === id;
  return (
    <div className={styles.chips} role="group" aria-label="Фильтр напоминаний на сегодня">
      <Chip active={value === null} count={total} onClick={() => onChange(null)}>
        Все
      </Chip>
      {filters.client_category_changed.map((c) => (
        <Chip
          key={`c${c.id}`}
          active={is('category', c.id)}
          count={c.count}
          color={c.color}
          onClick={() => onChange({ kind: 'category', id: c.id })}
        >
          {c.name}
        </Chip>
      ))}
      {filters.client_form_field_changed.map((o) => (
        <Chip
          key={`o${o.id}`}
          active={is('option', o.id)}
          count={o.count}
          onClick={() => onChange({ kind: 'option', id: o.id })}
        >
          {`${o.field.name}: ${o.name}`}
        </Chip>
      ))}
    </div>
  );
};
