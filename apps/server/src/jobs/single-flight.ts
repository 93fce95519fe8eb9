import type { AppDeps } from '../deps.js';

/**
 * A job's pass run now on this instance (something was just written for it), at most one at a
 * time per app: a kick during a pass asks for another after it; passes go on while they find
 * work. The scheduler's job still runs it on its interval (the rest, other instances' leftovers).
 */
export function singleFlight(name: string, pass: (deps: AppDeps) => Promise<number>) {
  const running = new WeakMap<AppDeps, { again: boolean; pass: Promise<void> }>();
  return {
    kick(deps: AppDeps) {
      const current = running.get(deps);
      if (current) {
        current.again = true;
        return;
      }
      const state = { again: true, pass: Promise.resolve() };
      state.pass = (async () => {
        while (state.again) {
          state.again = false;
          const done = await pass(deps).catch((err: unknown) => {
            deps.log.error({ err }, `${name} pass failed`);
            return 0;
          });
          if (done > 0) state.again = true;
        }
      })().finally(() => running.delete(deps));
      running.set(deps, state);
    },
    /** Resolves once this app's passes are over (tests, a shutdown). */
    async idle(deps: AppDeps) {
      while (running.get(deps)) await running.get(deps)!.pass;
    },
  };
}
