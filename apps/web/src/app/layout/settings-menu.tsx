import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { cx } from '@/ui/cx';
import { Icon } from '@/ui/icons';
import { Tooltip } from '@/ui/tooltip';
import { useOutsideClick } from '@/ui/use-outside-click';
import { scrollHintsClass, useScrollHints } from '@/ui/use-scroll-hints';
import { isSettingsPath, settingsMenuItems } from './menu-items';
import styles from './sidebar.module.css';

type SettingsMenuProps = { collapsed: boolean; onNavigate: () => void };

/**
 * The 'Настройки' dropdown of the sidebar. Expanded, it unfolds in place like an accordion and
 * stays open while the user moves between settings screens; collapsed, it flies out to the right
 * and closes on an outside click. Collapsing the menu closes it (docs/product.md §2.3).
 */
export const SettingsMenu = ({ collapsed, onNavigate }: SettingsMenuProps) => {
  const { pathname } = useLocation();
  const onSettings = isSettingsPath(pathname);
  const [open, setOpen] = useState(() => !collapsed && onSettings);
  const [seenCollapsed, setSeenCollapsed] = useState(collapsed);
  if (seenCollapsed !== collapsed) {
    // Adjusting state while rendering (not in an effect) avoids one frame with a stray flyout.
    setSeenCollapsed(collapsed);
    if (collapsed) setOpen(false);
  }

  const rootRef = useRef<HTMLLIElement>(null);
  const refs = useMemo(() => [rootRef], []);
  const close = useCallback(() => setOpen(false), []);
  useOutsideClick(refs, close, open && collapsed);
  const listRef = useRef<HTMLUListElement>(null);
  // At most 155px high: the list fades where items are hidden and scrolls a focused one into view.
  useScrollHints(listRef, open);
  const listId = useId();
  // The screen open now is in view when the list opens (the sixth item is below its fold); the
  // list scrolls, not the page.
  useLayoutEffect(() => {
    const list = listRef.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current) return;
    const item = current.getBoundingClientRect();
    const box = list.getBoundingClientRect();
    if (item.top < box.top || item.bottom > box.bottom) {
      list.scrollTop += item.top - box.top - (list.clientHeight - item.height) / 2;
    }
  }, [open, pathname]);

  return (
    <li ref={rootRef} className={styles.group}>
      {/* The open flyout names itself: no tooltip over it. */}
      <Tooltip label="Настройки" disabled={!collapsed || open}>
        <button
          type="button"
          className={cx(styles.item, onSettings && styles.active)}
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          onClick={() => setOpen((v) => !v)}
        >
          <Icon name="settings" className={styles.icon} />
          <span className={collapsed ? 'visually-hidden' : styles.label}>Настройки</span>
          {!collapsed && (
            <Icon name="chevronDown" size={16} className={cx(styles.chevron, open && styles.chevronOpen)} />
          )}
        </button>
      </Tooltip>
      {open && (
        <ul
          ref={listRef}
          id={listId}
          className={cx(collapsed ? styles.flyout : styles.submenu, scrollHintsClass)}
          data-testid="settings-menu"
          aria-label="Настройки"
        >
          {settingsMenuItems.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                className={({ isActive }) => cx(styles.subitem, isActive && styles.subActive)}
                onClick={() => {
                  if (collapsed) setOpen(false);
                  onNavigate();
                }}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
};
