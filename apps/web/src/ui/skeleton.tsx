import styles from './skeleton.module.css';

/** A grey placeholder shaped like the content it stands for (docs/product.md §10.4). */
export const Skeleton = ({ width = '100%', height = 16 }: { width?: number | string; height?: number }) => (
  <span className={styles.skeleton} style={{ width, height }} aria-hidden="true" />
);
