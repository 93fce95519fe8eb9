import { NavLink } from 'react-router';
import { paths } from '@/lib/paths';
import { useChatLive } from '@/features/conversations/api/use-chat-live';
import { useInboxLive } from '@/features/telegram/api/use-inbox-live';
import { useSession } from '@/lib/session-context';
import { Brand } from '@/ui/brand';
import { IconButton } from '@/ui/button';
import { cx } from '@/ui/cx';
import { Icon } from '@/ui/icons';
import { Tooltip } from '@/ui/tooltip';
import { adminMenuItems, mainMenuItems, type MenuItem } from './menu-items';
import { ProjectSelector } from './project-selector';
import { SettingsMenu } from './settings-menu';
import styles from './sidebar.module.css';

type SidebarProps = {
  /** Collapsed to 70px (desktop by choice, tablet always; the phone drawer is always full width). */
  collapsed: boolean;
  /** Desktop only: the 'Свернуть' / 'Развернуть меню' button. */
  onToggleCollapse?: () => void;
  /** Phone: whether the drawer is shown. */
  drawer: boolean;
  drawerOpen: boolean;
  onNavigate: () => void;
  onCloseDrawer: () => void;
};

type MenuLinkProps = { item: MenuItem; collapsed: boolean; onNavigate: () => void; badge?: number };

const MenuLink = ({ item, collapsed, onNavigate, badge = 0 }: MenuLinkProps) => (
  <li>
    <Tooltip label={item.label} disabled={!collapsed}>
      <NavLink
        to={item.to}
        end={item.end}
        className={({ isActive }) => cx(styles.item, isActive && styles.active)}
        onClick={onNavigate}
      >
        <Icon name={item.icon} className={styles.icon} />
        {/* Hidden visually when collapsed but still the link's accessible name. */}
        <span className={collapsed ? 'visually-hidden' : styles.label}>{item.label}</span>
        {badge > 0 && (
          <span className={cx(styles.badge, collapsed && styles.badgeDot)} data-testid="menu-badge">
            {collapsed ? '' : badge > 99 ? '99+' : badge}
            <span className="visually-hidden">, непрочитанных: {badge}</span>
          </span>
        )}
      </NavLink>
    </Tooltip>
  </li>
);

export const Sidebar = ({
  collapsed,
  onToggleCollapse,
  drawer,
  drawerOpen,
  onNavigate,
  onCloseDrawer,
}: SidebarProps) => {
  const { role, isAdmin } = useSession();
  // The chat's unread messages beside its item; the hook also applies the chat's live messages.
  const chatUnread = useChatLive();
  // The clients' unread Telegram messages beside 'Входящие'; the hook also applies them live.
  const inboxUnread = useInboxLive();
  const toggleLabel = collapsed ? 'Развернуть меню' : 'Свернуть меню';
  return (
    <aside
      id="app-sidebar"
      className={cx(styles.sidebar, collapsed && styles.collapsed, drawer && styles.drawer, drawerOpen && styles.open)}
      data-testid="sidebar"
      data-collapsed={collapsed}
      aria-label="Боковое меню"
      inert={drawer && !drawerOpen ? true : undefined}
    >
      <div className={styles.brand}>
        <Brand compact={collapsed} />
        {drawer && (
          <IconButton label="Закрыть меню" className={styles.drawerClose} onClick={onCloseDrawer}>
            <Icon name="close" />
          </IconButton>
        )}
      </div>
      <div>
        <ProjectSelector collapsed={collapsed} />
      </div>
      <nav className={styles.nav} aria-label="Основное меню">
        <ul className={styles.list}>
          {mainMenuItems(role).map((item) => (
            <MenuLink
              key={item.to}
              item={item}
              collapsed={collapsed}
              onNavigate={onNavigate}
              badge={item.to === paths.adminChat ? chatUnread : item.to === paths.inbox ? inboxUnread : 0}
            />
          ))}
        </ul>
        {isAdmin && (
          <>
            <div className={styles.divider} role="presentation" />
            <ul className={styles.list} aria-label="Администрирование">
              {adminMenuItems.map((item) => (
                <MenuLink key={item.to} item={item} collapsed={collapsed} onNavigate={onNavigate} />
              ))}
              <SettingsMenu collapsed={collapsed} onNavigate={onNavigate} />
            </ul>
          </>
        )}
      </nav>
      {onToggleCollapse && (
        <Tooltip label={toggleLabel} disabled={!collapsed}>
          <button
            type="button"
            className={cx(styles.item, styles.toggle)}
            onClick={onToggleCollapse}
            aria-label={toggleLabel}
          >
            <Icon name={collapsed ? 'chevronRight' : 'chevronLeft'} className={styles.icon} />
            {!collapsed && <span className={styles.label}>Свернуть</span>}
          </button>
        </Tooltip>
      )}
    </aside>
  );
};
