import {
  useCallback,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { getFocusable } from './modal/focus-trap';
import { useOutsideClick } from './use-outside-click';
import { scrollHintsClass, useScrollHints } from './use-scroll-hints';
import styles from './dropdown.module.css';
import { cx } from './cx';

type DropdownProps = {
  /** Content of the trigger button. */
  trigger: ReactNode;
  /** Accessible name of the trigger when its content is not enough (Russian). */
  triggerLabel?: string;
  triggerClassName?: string;
  className?: string;
  menuClassName?: string;
  align?: 'start' | 'end';
  /** Rendered only while open; `close` lets an item close the menu after acting. */
  children: (close: () => void) => ReactNode;
};

/**
 * A disclosure popup: a button with aria-expanded and a panel under it. It closes on an outside
 * click, on Escape (focus goes back to the trigger) and when an item calls `close`. The panel is
 * at most 155px high and scrolls (docs/product.md §2.3), fading the edge that hides items.
 */
export const Dropdown = ({
  trigger,
  triggerLabel,
  triggerClassName,
  className,
  menuClassName,
  align = 'start',
  children,
}: DropdownProps) => {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  const refs = useMemo(() => [rootRef], []);
  useOutsideClick(refs, close, open);
  useScrollHints(menuRef, open);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!open) return;
    if (event.key === 'Escape') {
      // Handled here so an open modal under the page does not also close.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      triggerRef.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const menu = menuRef.current;
    if (!menu) return;
    const items = getFocusable(menu);
    if (items.length === 0) return;
    event.preventDefault();
    const index = items.indexOf(document.activeElement as HTMLElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    const next = index === -1 ? (step === 1 ? 0 : items.length - 1) : (index + step + items.length) % items.length;
    items[next]?.focus();
  };

  return (
    <div ref={rootRef} className={cx(styles.root, className)} onKeyDown={onKeyDown}>
      <button
        ref={triggerRef}
        type="button"
        className={triggerClassName ?? styles.trigger}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={triggerLabel}
        onClick={() => setOpen((v) => !v)}
      >
        {trigger}
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          className={cx(styles.menu, scrollHintsClass, styles[align], menuClassName)}
          data-dropdown-menu=""
        >
          {children(close)}
        </div>
      )}
    </div>
  );
};

type DropdownItemProps = {
  onSelect: () => void;
  selected?: boolean;
  children: ReactNode;
};

export const DropdownItem = ({ onSelect, selected = false, children }: DropdownItemProps) => (
  <button
    type="button"
    className={cx(styles.item, selected && styles.selected)}
    aria-current={selected || undefined}
    onClick={onSelect}
  >
    {children}
  </button>
);

export const dropdownItemClass = styles.item;
