import { useEffect, useState, useSyncExternalStore } from 'react';
import { isApiError } from '@/lib/api-error';
import { appStorage, STORAGE_KEYS } from '@/lib/storage';
import { cooldownRemaining, formatCountdown, lastSentFromRefusal, msUntilNextTick } from './resend-cooldown';

/**
 * `lastSentTime` (localStorage, docs/product.md §6.4 and §10.7) as a small store: written here
 * after each resend, read by every countdown on the page; other tabs are followed through the
 * storage event.
 */
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.lastSentTime) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

/** An email went out now. */
export const recordResent = (now: number = Date.now()) => {
  appStorage.setLastSentTime(now);
  notify();
};

/**
 * A refused resend: a 429 tells when the last email went out (Retry-After); a 503 means none was
 * sent and the server keeps no cooldown, so neither does the page. Other errors change nothing.
 */
export const recordResendFailure = (error: unknown, now: number = Date.now()) => {
  if (!isApiError(error)) return;
  if (error.status === 429) {
    const stored = appStorage.getLastSentTime();
    appStorage.setLastSentTime(
      error.retryAfter === undefined ? (stored ?? now) : lastSentFromRefusal(error.retryAfter, stored, now),
    );
    notify();
  } else if (error.status === 503) {
    appStorage.removeLastSentTime();
    notify();
  }
};

export const useLastSentTime = () => useSyncExternalStore(subscribe, appStorage.getLastSentTime, () => null);

/**
 * The cooldown left, in seconds and as mm:ss, refreshed each time the shown second changes, so it
 * survives a reload (it is computed from the stored time, not counted in memory).
 */
export const useResendCooldown = () => {
  const lastSentTime = useLastSentTime();
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const real = Date.now();
    // A new send time (or a stale clock after a long pause) is shown at once, then every second.
    const delay = Math.abs(real - now) > 1000 ? 0 : msUntilNextTick(lastSentTime, real);
    if (delay === null) return;
    const timer = window.setTimeout(() => setNow(Date.now()), delay + 5);
    return () => window.clearTimeout(timer);
  }, [lastSentTime, now]);

  const remaining = cooldownRemaining(lastSentTime, now);
  return { remaining, label: formatCountdown(remaining) };
};
