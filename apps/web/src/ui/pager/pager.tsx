import { Icon } from '@/ui/icons';
import { cx } from '@/ui/cx';
import { pageRange, type PageRangeOptions } from './page-range';
import styles from './pager.module.css';

type PagerProps = PageRangeOptions & {
  current: number;
  last: number;
  onChange: (page: number) => void;
  /** What is paged, for screen readers: 'Страницы статей'. */
  label: string;
};

/**
 * Numbered pages with 'previous' and 'next' (the current one marked with aria-current). Renders
 * nothing with one page or none: a pager is shown only with more than one page (docs/product.md §4.12).
 */
export const Pager = ({ current, last, onChange, label, range, margin }: PagerProps) => {
  const items = pageRange(current, last, { range, margin });
  if (items.length === 0) return null;
  return (
    <nav className={styles.pager} aria-label={label} data-testid="pager">
      <button
        type="button"
        className={styles.step}
        aria-label="Предыдущая страница"
        disabled={current <= 1}
        onClick={() => onChange(current - 1)}
      >
        <Icon name="chevronLeft" size={18} />
      </button>
      <ul className={styles.pages}>
        {items.map((item) =>
          item.kind === 'gap' ? (
            <li key={item.key} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <button
                type="button"
                className={cx(styles.page, item.page === current && styles.current)}
                aria-label={`Страница ${item.page}`}
                aria-current={item.page === current ? 'page' : undefined}
                onClick={() => item.page !== current && onChange(item.page)}
              >
                {item.page}
              </button>
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className={styles.step}
        aria-label="Следующая страница"
        disabled={current >= last}
        onClick={() => onChange(current + 1)}
      >
        <Icon name="chevronRight" size={18} />
      </button>
    </nav>
  );
};
