import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/page-title';
import { Brand } from './brand';
import styles from './card-page.module.css';

type CardPageProps = {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
};

/** A centred card on the page background, for screens outside the main layout (sign-in…). */
export const CardPage = ({ title, subtitle, children, footer }: CardPageProps) => {
  useDocumentTitle(title);
  return (
    <main className={styles.page}>
      <div className={styles.column}>
        <div className={styles.brand}>
          <Brand />
        </div>
        <section className={styles.card} aria-labelledby="card-page-title">
          <h1 id="card-page-title" className={styles.title}>
            {title}
          </h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
          <div className={styles.body}>{children}</div>
        </section>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </main>
  );
};
