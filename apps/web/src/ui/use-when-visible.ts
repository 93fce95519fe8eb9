import { useEffect, useRef, useState } from 'react';

/**
 * Calls `onVisible` when the element comes near the viewport (the end of a list: load more).
 * The observer is made afresh each time `enabled` turns on, and a new observer reports at once,
 * so an end still in view after a short page loads the next one too.
 */
export const useWhenVisible = (enabled: boolean, onVisible: () => void) => {
  const [node, setNode] = useState<Element | null>(null);
  const latest = useRef(onVisible);
  useEffect(() => {
    latest.current = onVisible;
  });
  useEffect(() => {
    if (!node || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (items) => {
        if (items.some((item) => item.isIntersecting)) latest.current();
      },
      // A screen ahead: the next page is usually there before the reader reaches the end.
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, enabled]);
  return setNode;
};
