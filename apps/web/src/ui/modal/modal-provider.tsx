import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { ModalContext } from './modal-context';
import { ModalFrame } from './modal-frame';
import type { ModalApi, ModalEntry } from './modal-types';

/**
 * The single modal stack (docs/product.md §2.4). Modals are pushed with `useModals().open(...)`;
 * Escape closes only the top one; the page under an open modal does not scroll.
 */
export const ModalProvider = ({ children }: { children: ReactNode }) => {
  const [stack, setStack] = useState<ModalEntry[]>([]);
  const stackRef = useRef<ModalEntry[]>([]);
  const nextId = useRef(0);

  const update = useCallback((next: ModalEntry[]) => {
    stackRef.current = next;
    setStack(next);
  }, []);

  const close = useCallback(
    (id: string) => {
      const entry = stackRef.current.find((m) => m.id === id);
      if (!entry) return;
      update(stackRef.current.filter((m) => m.id !== id));
      entry.options.onClose?.();
    },
    [update],
  );

  const api = useMemo<ModalApi>(
    () => ({
      open: (render, options = {}) => {
        nextId.current += 1;
        const id = `modal-${nextId.current}`;
        update([...stackRef.current, { id, render, options }]);
        return id;
      },
      close,
      closeTop: () => {
        const top = stackRef.current[stackRef.current.length - 1];
        if (top) close(top.id);
      },
      closeAll: () => {
        const all = stackRef.current;
        update([]);
        all.forEach((m) => m.options.onClose?.());
      },
    }),
    [close, update],
  );

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // A control inside the modal (a dropdown, a date picker) that handles Escape itself
      // calls preventDefault, so one press never closes two things.
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const top = stackRef.current[stackRef.current.length - 1];
      if (!top || top.options.closeOnEscape === false) return;
      event.preventDefault();
      close(top.id);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [close]);

  useEffect(() => {
    if (stack.length === 0) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [stack.length]);

  return (
    <ModalContext.Provider value={api}>
      {children}
      {createPortal(
        stack.map((entry, index) => (
          <ModalFrame
            key={entry.id}
            entry={entry}
            depth={index}
            isTop={index === stack.length - 1}
            onClose={() => close(entry.id)}
          />
        )),
        document.body,
      )}
    </ModalContext.Provider>
  );
};
