import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useLocation, useNavigationType, type NavigationType } from 'react-router';
import { openConfirm } from './confirm-modal';
import { ModalContext } from './modal-context';
import { ModalFrame } from './modal-frame';
import { createModalHistory } from './modal-history';
import type { ModalApi, ModalEntry } from './modal-types';

/**
 * The single modal stack (docs/product.md §2.4). Modals are pushed with `useModals().open(...)`;
 * Escape and the browser's Back close only the top one (Back asks first when a form in it was
 * typed in); the page under an open modal does not scroll; a modal belongs to the page that opened
 * it, so moving to another page closes the stack.
 */
export const ModalProvider = ({ children }: { children: ReactNode }) => {
  const [stack, setStack] = useState<ModalEntry[]>([]);
  const stackRef = useRef<ModalEntry[]>([]);
  const nextId = useRef(0);
  /** Forms (modals that keep their input on an overlay click) typed in since they opened. */
  const edited = useRef(new Set<string>());
  const history = useRef<ReturnType<typeof createModalHistory> | null>(null);
  const onBack = useRef<(ids: string[]) => void>(() => {});

  const update = useCallback((next: ModalEntry[]) => {
    stackRef.current = next;
    setStack(next);
  }, []);

  const close = useCallback(
    (id: string) => {
      const entry = stackRef.current.find((m) => m.id === id);
      if (!entry) return;
      update(stackRef.current.filter((m) => m.id !== id));
      edited.current.delete(id);
      history.current?.closed(id);
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
        history.current?.opened(id);
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
        edited.current.clear();
        for (const m of [...all].reverse()) history.current?.closed(m.id);
        all.forEach((m) => m.options.onClose?.());
      },
    }),
    [close, update],
  );

  // Back left the entries of these modals (top first): each closes, a typed-in form after asking;
  // kept, it and those under it get their entries again.
  onBack.current = (ids) => {
    void (async () => {
      for (const [at, id] of ids.entries()) {
        if (!stackRef.current.some((m) => m.id === id)) continue;
        if (edited.current.has(id) && !(await askToDiscard(api))) {
          for (const kept of ids.slice(at).reverse()) {
            if (stackRef.current.some((m) => m.id === kept)) history.current?.opened(kept);
          }
          return;
        }
        close(id);
      }
    })();
  };

  useEffect(() => {
    const modalHistory = createModalHistory((ids) => onBack.current(ids));
    history.current = modalHistory;
    return () => {
      history.current = null;
      modalHistory.dispose();
    };
  }, []);

  // A move of the router: its entry is told apart from the modals'; another page closes them all.
  const onRoute = useCallback(
    (action: NavigationType, pageChanged: boolean) => {
      history.current?.routed(action);
      if (pageChanged) api.closeAll();
    },
    [api],
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
      <RouteWatcher onRoute={onRoute} />
      {children}
      {createPortal(
        stack.map((entry, index) => (
          <ModalFrame
            key={entry.id}
            entry={entry}
            depth={index}
            isTop={index === stack.length - 1}
            onClose={() => close(entry.id)}
            onEdited={() => edited.current.add(entry.id)}
          />
        )),
        document.body,
      )}
    </ModalContext.Provider>
  );
};

/** Asks before Back throws away what was typed in a form; resolves true to close it. */
const askToDiscard = (modals: ModalApi) =>
  openConfirm(
    modals,
    {
      message: 'Закрыть без сохранения?',
      hint: 'Введённые данные будут потеряны.',
      agreeText: 'Закрыть',
      cancelText: 'Остаться',
    },
    { showClose: false },
  );

/**
 * Reports the router's moves. Rendered before the pages, so its effect runs before theirs: a page
 * that opens a modal as it appears keeps it (the stack is closed first).
 */
const RouteWatcher = ({ onRoute }: { onRoute: (action: NavigationType, pageChanged: boolean) => void }) => {
  const location = useLocation();
  const navigationType = useNavigationType();
  const pathname = useRef(location.pathname);
  useEffect(() => {
    const pageChanged = pathname.current !== location.pathname;
    pathname.current = location.pathname;
    onRoute(navigationType, pageChanged);
  }, [location, navigationType, onRoute]);
  return null;
};
