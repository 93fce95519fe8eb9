import type { ReactNode } from 'react';

/** centered dialog, a panel sliding in from the right, or the global search (docs/product.md §2.4). */
export type ModalKind = 'center' | 'side' | 'search';

export type ModalOptions = {
  kind?: ModalKind;
  title?: string;
  /** Accessible name when there is no visible title. */
  ariaLabel?: string;
  /** px; default 550 (docs/product.md §2.4), the notification panel passes 425. */
  width?: number;
  /** px; default 34. */
  padding?: number;
  /**
   * Generic modals close on an overlay click; a form opts out, and the browser's Back then asks
   * before closing it once something was typed in it.
   */
  closeOnOverlay?: boolean;
  closeOnEscape?: boolean;
  /** The close icon ('Закрыть'); shown unless turned off. */
  showClose?: boolean;
  onClose?: () => void;
};

export type ModalControls = { id: string; close: () => void };
export type ModalRender = (controls: ModalControls) => ReactNode;

export type ModalEntry = { id: string; render: ModalRender; options: ModalOptions };

export type ModalApi = {
  /** Pushes a modal on top of the stack and returns its id. */
  open: (render: ModalRender, options?: ModalOptions) => string;
  close: (id: string) => void;
  closeTop: () => void;
  closeAll: () => void;
};
