import type { ReactNode } from 'react';
import styles from './avatar.module.css';
import { cx } from './cx';

export type AvatarTone = 'neutral' | 'primary' | 'success' | 'danger';

type AvatarProps = {
  /** 24px in menus, 36px in lists, 56px on a profile or a state. */
  size?: 'sm' | 'md' | 'lg';
  /** neutral: strong violet on soft violet; primary: the primary violet (empty states). */
  tone?: AvatarTone;
  className?: string;
  /** Initials or an icon. */
  children: ReactNode;
};

/** A round badge at the start of a row or a state: decoration, hidden from screen readers. */
export const Avatar = ({ size = 'md', tone = 'neutral', className, children }: AvatarProps) => (
  <span
    className={cx(styles.avatar, styles[size], tone !== 'neutral' && styles[tone], className)}
    aria-hidden="true"
  >
    {children}
  </span>
);
