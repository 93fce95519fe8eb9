/**
 * The one place server code reads the time. Services take it from `deps.clock`, so tests of
 * expiry, cooldowns and scheduled work set the time instead of waiting for it.
 */
export type Clock = {
  now(): Date;
};

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock a test moves by hand: it runs with the real time, shifted by what the test set or
 * advanced, so code that compares two moments still sees time pass.
 */
export type TestClock = Clock & { set(at: Date | string): void; advance(ms: number): void };

export function createTestClock(): TestClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    set: (at) => {
      offset = new Date(at).getTime() - Date.now();
    },
    advance: (ms) => {
      offset += ms;
    },
  };
}

/** ISO-8601 UTC, the form every timestamp is stored in. */
export const isoNow = (clock: Clock) => clock.now().toISOString();
