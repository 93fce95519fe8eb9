import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/page-title';
import styles from './page-header.module.css';

type PageHeaderProps = {
  /** The page's Russian title (docs/product.md §2.2); also becomes document.title. */
  title: string;
  actions?: ReactNode;
};

export const PageHeader = ({ title, actions }: PageHeaderProps) => {
  useDocumentTitle(title);
  return (
    <div className={styles.header}>
      <h1 className={styles.title}>{title}</h1>
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
};
