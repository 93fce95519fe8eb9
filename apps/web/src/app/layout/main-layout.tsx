import { useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { ImpersonationBanner } from '@/features/team/components/impersonation-banner';
import { MOBILE_QUERY, TABLET_QUERY, useMediaQuery } from '@/ui/use-media-query';
import { LiveProvider } from '@/lib/live/live-events';
import { MembershipEnded } from '@/app/live/membership-ended';
import { Header } from './header';
import styles from './main-layout.module.css';
import { Sidebar } from './sidebar';
import { useCollapsed } from './use-collapsed';

/**
 * Sidebar + header + page (docs/product.md §2.3). A desktop keeps the stored collapse choice; a
 * tablet has the 70px sidebar; on phones the sidebar is a drawer.
 */
export const MainLayout = () => {
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const isTablet = useMediaQuery(TABLET_QUERY);
  const { collapsed, toggle } = useCollapsed();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const navigation = useNavigation();
  const drawerShown = isMobile && drawerOpen;

  // Closed by its button or Escape, the drawer hands the focus back to the burger.
  const closeDrawer = useCallback(() => {
    setDrawerOpen(false);
    burgerRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!drawerShown) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // An open modal handles Escape first and marks it handled.
      if (event.key === 'Escape' && !event.defaultPrevented) closeDrawer();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [drawerShown, closeDrawer]);

  return (
    <LiveProvider>
      <MembershipEnded />
      <div className={styles.shell}>
        <a href="#main-content" className={styles.skip}>
          Перейти к содержимому
        </a>
        {navigation.state === 'loading' && (
          <div className={styles.progress} role="progressbar" aria-label="Загрузка страницы" />
        )}
        <Sidebar
          collapsed={!isMobile && (isTablet || collapsed)}
          onToggleCollapse={isTablet ? undefined : toggle}
          drawer={isMobile}
          drawerOpen={drawerShown}
          onNavigate={() => setDrawerOpen(false)}
          onCloseDrawer={closeDrawer}
        />
        {drawerShown && (
          <div className={styles.scrim} onClick={() => setDrawerOpen(false)} aria-hidden="true" />
        )}
        <div className={styles.main}>
          <Header
            drawer={isMobile}
            compact={isTablet}
            drawerOpen={drawerShown}
            burgerRef={burgerRef}
            onBurger={() => setDrawerOpen((v) => !v)}
          />
          <ImpersonationBanner />
          <main id="main-content" className={styles.content} tabIndex={-1}>
            <Outlet />
          </main>
        </div>
      </div>
    </LiveProvider>
  );
};
