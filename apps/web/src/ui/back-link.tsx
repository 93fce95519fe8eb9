import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from './icons';
import styles from './back-link.module.css';

/** '‹ Все статусы' above a detail screen: back to the list it was opened from. */
export const BackLink = ({ to, children }: { to: string; children: ReactNode }) => (
  <Link to={to} className={styles.back}>
    <Icon name="chevronLeft" size={16} />
    {children}
  </Link>
);
