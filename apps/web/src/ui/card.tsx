import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import styles from './card.module.css';
import { cx } from './cx';

/** A section of a screen on a white card; name it with aria-labelledby (its CardTitle's id). */
export const Card = ({ className, ...rest }: ComponentPropsWithoutRef<'section'>) => (
  <section className={cx(styles.card, className)} {...rest} />
);

/** Cards one under another, a card's gap apart. */
export const CardStack = ({ children }: { children: ReactNode }) => (
  <div className={styles.stack}>{children}</div>
);

type CardTitleProps = {
  id?: string;
  /** Shown muted after the title ('Команда 3', 'Клиенты 1000+'); absent, nothing is shown. */
  count?: number | string;
  children: ReactNode;
};

export const CardTitle = ({ id, count, children }: CardTitleProps) => (
  <h2 id={id} className={styles.title}>
    {children}
    {count !== undefined && <span className={styles.count}>{count}</span>}
  </h2>
);

type CardHeadProps = {
  /** The title: a CardTitle, or what stands in for it while it loads. */
  children: ReactNode;
  /** A muted line under the title. */
  text?: ReactNode;
  /** Buttons on the right of the title. */
  actions?: ReactNode;
};

/** The top of a card: the title with a line under it, and the card's actions beside them. */
export const CardHead = ({ children, text, actions }: CardHeadProps) => (
  <div className={styles.head}>
    <div>
      {children}
      {text && <p className={styles.text}>{text}</p>}
    </div>
    {actions}
  </div>
);
