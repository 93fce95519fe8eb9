import { useEffect, useState, type FocusEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styles from './tooltip.module.css';

type TooltipProps = {
  /** The text shown; it repeats the trigger's accessible name, so screen readers skip it. */
  label: string;
  /** Off: the trigger shows its own text (e.g. the sidebar expanded). */
  disabled?: boolean;
  children: ReactNode;
};

type Place = { top: number; left: number };

/**
 * A styled tooltip to the right of its trigger (the collapsed sidebar's icons, docs/product.md
 * §10.3), instead of the browser's `title`: shown on hover and on keyboard focus, hidden on
 * Escape. It is drawn in a portal, above the header and the page (--z-tooltip).
 */
export const Tooltip = ({ label, disabled = false, children }: TooltipProps) => {
  const [place, setPlace] = useState<Place | null>(null);
  const shown = place !== null && !disabled;

  const show = (anchor: HTMLElement) => {
    const rect = anchor.getBoundingClientRect();
    setPlace({ top: rect.top + rect.height / 2, left: rect.right });
  };
  const hide = () => setPlace(null);

  useEffect(() => {
    if (!shown) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setPlace(null);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [shown]);

  return (
    <span
      className={styles.anchor}
      onMouseEnter={(event) => show(event.currentTarget)}
      onMouseLeave={hide}
      onFocus={(event: FocusEvent<HTMLSpanElement>) => {
        // Keyboard focus only: a click must not leave a tooltip behind on the clicked item.
        if (event.target.matches(':focus-visible')) show(event.currentTarget);
      }}
      onBlur={hide}
    >
      {children}
      {shown &&
        createPortal(
          <span className={styles.tooltip} style={{ top: place.top, left: place.left }} aria-hidden="true" data-tooltip="">
            {label}
          </span>,
          document.body,
        )}
    </span>
  );
};
