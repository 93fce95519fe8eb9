import { useEffect, useState } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { ImpersonationBanner } from '@/features/team/components/impersonation-banner';
import { MOBILE_QUERY, useMediaQuery } from '@/ui/use-media-query';
import { Header } from './header';
import styles from './main-layout.module.css';
import { Sidebar } from './sidebar';
import { useCollapsed } from './use-collapsed';

/** Sidebar + header + page (docs/product.md §2.3); on phones the sidebar is a drawer. */
export const MainLayout = () => {
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const { collapsed, toggle } = useCollapsed();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const navigation = useNavigation();
  const drawerShown = isMobile && drawerOpen;

  useEffect(() => {
    if (!drawerShown) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // An open modal handles Escape first and marks it handled.
      if (event.key === 'Escape' && !event.defaultPrevented) setDrawerOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [drawerShown]);

  return (
    <div className={styles.shell}>
      <a href="#main-content" className={styles.skip}>
        Перейти к содержимому
      </a>
      {navigation.state === 'loading' && (
        <div className={styles.progress} role="progressbar" aria-label="Загрузка страницы" />
      )}
      <Sidebar
        collapsed={collapsed && !isMobile}
        onToggleCollapse={toggle}
        drawer={isMobile}
        drawerOpen={drawerShown}
        onNavigate={() => setDrawerOpen(false)}
      />
      {drawerShown && <div className={styles.scrim} onClick={() => setDrawerOpen(false)} aria-hidden="true" />}
      <div className={styles.main}>
        <Header drawer={isMobile} drawerOpen={drawerShown} onBurger={() => setDrawerOpen((v) => !v)} />
        <ImpersonationBanner />
        <main id="main-content" className={styles.content} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
};
