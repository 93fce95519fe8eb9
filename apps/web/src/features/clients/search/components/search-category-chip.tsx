import type { ClientCategoryRef } from '@/features/clients/categories/api/client-categories-query';
import styles from './search-category-chip.module.css';

/** A client's category: its colour as a dot and its name; a muted dash while it is unknown. */
export const CategoryChip = ({ category }: { category: ClientCategoryRef | undefined }) => (
  <span className={styles.chip} title={category?.name}>
    <span
      className={styles.dot}
      style={category ? { background: `#${category.color}` } : undefined}
      aria-hidden="true"
    />
    <span className={styles.name}>{category?.name ?? '—'}</span>
  </span>
);
