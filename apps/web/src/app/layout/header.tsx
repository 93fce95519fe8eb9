import { useEffect, type Ref } from 'react';
import { preloadClientSearch, useClientSearchModal } from '@/features/clients';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { Button, IconButton } from '@/ui/button';
import { Icon } from '@/ui/icons';
import { AccountMenu } from './account-menu';
import { HeaderClock } from './header-clock';
import styles from './header.module.css';
import { useLogoutFlow } from './use-logout-flow';

type HeaderProps = {
  /** Phone layout: the burger opens the sidebar drawer. */
  drawer: boolean;
  /** Tablet and phone: icons without their labels, so the search keeps its room. */
  compact: boolean;
  drawerOpen: boolean;
  burgerRef: Ref<HTMLButtonElement>;
  onBurger: () => void;
};

export const Header = ({ drawer, compact, drawerOpen, burgerRef, onBurger }: HeaderProps) => {
  const logoutFlow = useLogoutFlow();
  const openSearch = useClientSearchModal();

  useEffect(() => {
    // Ctrl/Cmd+K opens the search from anywhere; KeyK so it works on a Russian layout too.
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.code === 'KeyK') {
        event.preventDefault();
        openSearch();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [openSearch]);

  return (
    <header className={styles.header}>
      {drawer && (
        <IconButton
          ref={burgerRef}
          label={drawerOpen ? 'Закрыть меню' : 'Открыть меню'}
          aria-expanded={drawerOpen}
          aria-controls="app-sidebar"
          onClick={onBurger}
        >
          <Icon name="menu" />
        </IconButton>
      )}
      <div className={styles.search}>
        <Icon name="search" size={18} className={styles.searchIcon} />
        {/* The header box only starts a search: what is typed moves into the search modal. */}
        <input
          type="search"
          className={styles.searchInput}
          placeholder="Поиск...."
          aria-label="Поиск клиентов"
          aria-haspopup="dialog"
          value=""
          onChange={(event) => openSearch(event.target.value)}
          onClick={() => openSearch()}
          onPointerEnter={preloadClientSearch}
          onFocus={preloadClientSearch}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              openSearch();
            }
          }}
        />
      </div>
      <div className={styles.spacer} />
      {!drawer && <HeaderClock />}
      <NotificationBell />
      <AccountMenu />
      <Button variant="ghost" onClick={logoutFlow} className={styles.logout}>
        <Icon name="logout" size={18} />
        <span className={compact ? 'visually-hidden' : undefined}>Выйти</span>
      </Button>
    </header>
  );
};
