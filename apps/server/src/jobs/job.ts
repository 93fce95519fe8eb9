import type { AppDeps } from '../deps.js';

/**
 * Background work of a feature: `run` does one pass (claim what is due at `now`, handle it) and
 * returns how many items it handled. The scheduler calls it every `intervalMs` on one instance
 * at a time; tests call one pass with a set clock.
 */
export type Job = {
  /** Unique across features: `<feature>.<what>`. */
  name: string;
  intervalMs: number;
  run(deps: AppDeps, now: Date): Promise<number>;
};
