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
  /** A heading above the sentence (ComingSoon). */
  title?: ReactNode;
};

export const EmptyState = ({ icon, text, action, plain = false, title }: EmptyStateProps) => {
  // A heading of its own on a page; inside a card or a modal, the section is already named.
  const Title = plain ? 'p' : 'h2';
  return (
    <div
      className={cx(styles.box, plain && styles.plain, title !== undefined && !plain && styles.dashed)}
      data-testid={title === undefined ? 'empty-state' : 'coming-soon'}
    >
      <Avatar size="lg" tone="primary">
        <Icon name={icon} size={28} />
      </Avatar>
      {title !== undefined && <Title className={styles.title}>{title}</Title>}
      <p className={styles.text}>{text}</p>
      {action}
    </div>
  );
};

type ComingSoonProps = {
  icon: IconName;
  /** What is coming, read after 'Скоро: ' ('доска клиентов'). */
  feature: string;
  /** One Russian sentence on what the page will do. */
  text: string;
  plain?: boolean;
};

/**
 * In place of a feature that is not built yet (docs/product.md §2.2 'placeholder'): says so and
 * what it will do, instead of an empty state that suggests the data is merely missing.
 */
export const ComingSoon = ({ feature, ...rest }: ComingSoonProps) => (
  <EmptyState
    {...rest}
    title={
      <>
        <span className={styles.soon}>Скоро:</span> {feature}
      </>
    }
  />
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
