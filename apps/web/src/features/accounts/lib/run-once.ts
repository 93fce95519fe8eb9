import { useEffect, useRef, useState } from 'react';

const runs = new Map<string, Promise<unknown>>();

/**
 * Starts `fn` once per key for the life of the page and hands every later caller the same
 * promise. For calls that must never repeat — a single-use code or link (Google's `code`, a
 * verification hash) — even when React StrictMode mounts the page twice.
 */
export const runOnce = <T>(key: string, fn: () => Promise<T>): Promise<T> => {
  let run = runs.get(key) as Promise<T> | undefined;
  if (!run) {
    run = fn();
    runs.set(key, run);
  }
  return run;
};

export type OnceState<T> =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: unknown };

/** runOnce as a hook: null key waits; the state follows the one run of that key. */
export const useRunOnce = <T>(key: string | null, fn: () => Promise<T>): OnceState<T> => {
  const fnRef = useRef(fn);
  useEffect(() => {
    fnRef.current = fn;
  });
  const [result, setResult] = useState<{ key: string; state: OnceState<T> } | null>(null);

  useEffect(() => {
    if (key === null) return;
    let live = true;
    runOnce(key, () => fnRef.current()).then(
      (data) => live && setResult({ key, state: { status: 'success', data } }),
      (error: unknown) => live && setResult({ key, state: { status: 'error', error } }),
    );
    return () => {
      live = false;
    };
  }, [key]);

  if (key === null) return { status: 'idle' };
  return result?.key === key ? result.state : { status: 'pending' };
};
