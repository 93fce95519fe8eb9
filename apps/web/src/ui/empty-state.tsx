import type { ReactNode } from 'react';
import { Avatar } from './avatar';
import { Button } from './button';
import { Icon, type IconName } from './icons';
import styles from './empty-state.module.css';
import { cx } from './cx';

type EmptyStateProps = {
  icon: IconName;
  /** One Russian sentence (docs/product.md §10.4). */
  text: string;
  action?: ReactNode;
  /** Without its own card, for use inside a card or a modal. */
  plain?: boolean;
};

export const EmptyState = ({ icon, text, action, plain = false }: EmptyStateProps) => (
  <div className={cx(styles.box, plain && styles.plain)} data-testid="empty-state">
    <Avatar size="lg" tone="primary">
      <Icon name={icon} size={28} />
    </Avatar>
    <p className={styles.text}>{text}</p>
    {action}
  </div>
);

type LoadErrorProps = {
  /** What did not load: 'Не удалось загрузить статусы.' */
  text: string;
  onRetry: () => void;
  plain?: boolean;
};

/** In place of data that did not load: what failed and 'Повторить'. */
export const LoadError = ({ text, onRetry, plain }: LoadErrorProps) => (
  <EmptyState
    plain={plain}
    icon="alert"
    text={text}
    action={
      <Button variant="secondary" onClick={onRetry}>
        Повторить
      </Button>
    }
  />
);
