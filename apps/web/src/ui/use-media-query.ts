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

/**
 * The breakpoints of docs/product.md §10.6 (CSS media queries repeat these numbers). A phone: the
 * sidebar becomes a drawer, modals full-screen sheets.
 */
export const MOBILE_QUERY = '(max-width: 767px)';

/** A tablet (and a phone): the sidebar stays collapsed at 70px, the header drops its labels. */
export const TABLET_QUERY = '(max-width: 1023px)';
