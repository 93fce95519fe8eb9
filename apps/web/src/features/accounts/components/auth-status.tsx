import type { ReactNode } from 'react';
import { Avatar } from '@/ui/avatar';
import { Icon, type IconName } from '@/ui/icons';
import styles from './auth.module.css';

type AuthStatusProps = {
  icon?: IconName;
  tone?: 'neutral' | 'success' | 'danger';
  /** A spinner in place of the icon, for a step that is running. */
  busy?: boolean;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** role="alert" for failures, role="status" otherwise, so screen readers hear the change. */
  live?: boolean;
};

/** One state of an account flow: an icon, a headline, the explanation and what to do next. */
export const AuthStatus = ({
  icon = 'mail',
  tone = 'neutral',
  busy,
  title,
  children,
  actions,
  live = true,
}: AuthStatusProps) => (
  <div
    className={styles.status}
    role={live ? (tone === 'danger' ? 'alert' : 'status') : undefined}
    aria-busy={busy || undefined}
  >
    {busy ? (
      <span className={styles.spinner} aria-hidden="true" />
    ) : (
      <Avatar size="lg" tone={tone}>
        <Icon name={icon} size={28} />
      </Avatar>
    )}
    <p className={styles.statusTitle}>{title}</p>
    {children}
    {actions && <div className={styles.statusActions}>{actions}</div>}
  </div>
);
