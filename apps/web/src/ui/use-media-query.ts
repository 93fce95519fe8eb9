import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, updated when it changes. */
export const useMediaQuery = (query: string): boolean =>
  useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );

/** The phone breakpoint (docs/product.md §10.6): the sidebar becomes a drawer, modals full-screen sheets. */
export const MOBILE_QUERY = '(max-width: 768px)';
