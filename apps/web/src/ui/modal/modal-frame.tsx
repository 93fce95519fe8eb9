import { useEffect, useId, useRef, type CSSProperties, type MouseEvent } from 'react';
import { Icon } from '@/ui/icons';
import { useFocusTrap } from './focus-trap';
import type { ModalEntry } from './modal-types';
import styles from './modal.module.css';

const DEFAULT_WIDTH = { center: 550, side: 550, search: 720 } as const;
const DEFAULT_PADDING = 34;

type ModalFrameProps = {
  entry: ModalEntry;
  depth: number;
  isTop: boolean;
  onClose: () => void;
  /** Something was typed, chosen or pasted in a form modal (one that keeps input on an overlay click). */
  onEdited: () => void;
};

export const ModalFrame = ({ entry, depth, isTop, onClose, onEdited }: ModalFrameProps) => {
  const { options, render, id } = entry;
  const kind = options.kind ?? 'center';
  const dialogRef = useRef<HTMLDivElement>(null);
  const pressStartedOnOverlay = useRef(false);
  const titleId = useId();
  useFocusTrap(dialogRef, isTop);

  // Any field, the rich-text editor included (it cancels 'input' but not 'beforeinput').
  const isForm = options.closeOnOverlay === false;
  const edited = useRef(onEdited);
  edited.current = onEdited;
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!isForm || !dialog) return;
    const mark = () => edited.current();
    const kinds = ['beforeinput', 'input', 'change'] as const;
    for (const kind of kinds) dialog.addEventListener(kind, mark);
    return () => {
      for (const kind of kinds) dialog.removeEventListener(kind, mark);
    };
  }, [isForm]);

  // Only a press that both starts and ends on the overlay closes: selecting text inside the
  // dialog and releasing outside must not lose the user's input.
  const onOverlayDown = (event: MouseEvent<HTMLDivElement>) => {
    pressStartedOnOverlay.current = event.target === event.currentTarget;
  };
  const onOverlayClick = (event: MouseEvent<HTMLDivElement>) => {
    const fromOverlay = pressStartedOnOverlay.current && event.target === event.currentTarget;
    pressStartedOnOverlay.current = false;
    if (fromOverlay && isTop && options.closeOnOverlay !== false) onClose();
  };

  const style = {
    '--modal-w': `${options.width ?? DEFAULT_WIDTH[kind]}px`,
    '--modal-p': `${options.padding ?? DEFAULT_PADDING}px`,
    zIndex: `calc(var(--z-modal) + ${depth})`,
  } as CSSProperties;

  return (
    <div
      className={`${styles.overlay} ${styles[`overlay-${kind}`]}`}
      style={style}
      onMouseDown={onOverlayDown}
      onClick={onOverlayClick}
      data-testid="modal-overlay"
      data-modal-id={id}
      inert={!isTop || undefined}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={options.title ? titleId : undefined}
        aria-label={options.title ? undefined : options.ariaLabel}
        tabIndex={-1}
        className={`${styles.dialog} ${styles[kind]}`}
      >
        {(options.title || options.showClose !== false) && (
          <div className={styles.head}>
            {options.title && (
              <h2 id={titleId} className={styles.title}>
                {options.title}
              </h2>
            )}
            {options.showClose !== false && (
              <button
                type="button"
                className={styles.close}
                aria-label="Закрыть"
                title="Закрыть"
                onClick={onClose}
              >
                <Icon name="close" />
              </button>
            )}
          </div>
        )}
        <div className={styles.body}>{render({ id, close: onClose })}</div>
      </div>
    </div>
  );
};
