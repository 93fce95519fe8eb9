import type { ReactNode } from 'react';
import styles from './skeleton.module.css';

/** A grey placeholder shaped like the content it stands for (docs/product.md §10.4). */
export const Skeleton = ({ width = '100%', height = 16 }: { width?: number | string; height?: number }) => (
  <span className={styles.skeleton} style={{ width, height }} aria-hidden="true" />
);

type LoadingProps = { label: string; className?: string; children: ReactNode; 'data-testid'?: string };

/**
 * The area skeletons fill while its content loads: a status region named by what is loading, so
 * a screen reader says so (a plain div may not carry a name).
 */
export const Loading = ({ label, className, children, 'data-testid': testId }: LoadingProps) => (
  <div className={className} role="status" aria-busy="true" aria-label={label} data-testid={testId}>
    {children}
  </div>
);
