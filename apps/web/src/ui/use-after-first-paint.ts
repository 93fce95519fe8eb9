import { useEffect, useState } from 'react';

/** Past this, what waits starts anyway: a page that somehow draws no text must not lose them. */
const LONGEST_WAIT_MS = 3000;

let firstPaint: Promise<void> | undefined;

/** Settles once the browser has shown the first text of the page (its first contentful paint). */
const firstContentfulPaint = (): Promise<void> => {
  firstPaint ??= new Promise<void>((resolve) => {
    // A hidden tab draws nothing until it is shown: nothing waits there.
    if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes.includes('paint')) {
      resolve();
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(resolve, LONGEST_WAIT_MS);
  });
  return firstPaint;
};

let painted = false;

/**
 * False until the page's first text has been shown, then true for good. What the first page does
 * not show (the toasts' container, the live stream, the badges' counts) waits for it, so a phone
 * draws the page before those downloads and that work start rather than after them.
 */
export const useAfterFirstPaint = (): boolean => {
  const [ready, setReady] = useState(painted);
  useEffect(() => {
    if (ready) return;
    let left = false;
    void firstContentfulPaint().then(() => {
      painted = true;
      if (!left) setReady(true);
    });
    return () => {
      left = true;
    };
  }, [ready]);
  return ready;
};
