import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons';
import styles from './empty-state.module.css';
import { cx } from './cx';

type EmptyStateProps = {
  icon: IconName;
  /** One Russian sentence (DESIGN.md "Empty states"). */
  text: string;
  action?: ReactNode;
  /** Without its own card, for use inside a card or a modal. */
  plain?: boolean;
};

export const EmptyState = ({ icon, text, action, plain = false }: EmptyStateProps) => (
  <div className={cx(styles.box, plain && styles.plain)} data-testid="empty-state">
    <span className={styles.icon}>
      <Icon name={icon} size={28} />
    </span>
    <p className={styles.text}>{text}</p>
    {action}
  </div>
);
