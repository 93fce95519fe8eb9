import { NavLink } from 'react-router';
import styles from './page-tabs.module.css';

type PageTab = { readonly to: string; readonly label: string };

/** Pages under one title ('Основное', 'Интеграции'): links, the current one marked (aria-current). */
export const PageTabs = ({ label, tabs }: { label: string; tabs: readonly PageTab[] }) => (
  <nav className={styles.tabs} aria-label={label}>
    {tabs.map((tab) => (
      <NavLink key={tab.to} to={tab.to} end className={styles.tab}>
        {tab.label}
      </NavLink>
    ))}
  </nav>
);
