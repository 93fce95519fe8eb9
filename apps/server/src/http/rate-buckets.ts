/** A bound on memory: past it, the key seen longest ago is forgotten (it starts full again). */
const MAX_KEYS = 10_000;

/**
 * A pace per key on this instance (an API key, a form, a client address): a bucket of `perMinute`
 * requests, refilled evenly, so a caller may burst and then keeps a steady pace (docs/decisions.md,
 * "API keys"). Per instance: with several, a key's pace is that many times this.
 */
export function createRateBuckets(perMinute: number) {
  const perMs = perMinute / 60_000;
  const buckets = new Map<string | number, { tokens: number; at: number }>();
  return {
    /** Takes one request from the key's bucket: 0, or the whole seconds until the next is allowed. */
    take(key: string | number, nowMs: number): number {
      const bucket = buckets.get(key) ?? { tokens: perMinute, at: nowMs };
      buckets.delete(key);
      if (buckets.size >= MAX_KEYS) buckets.delete(buckets.keys().next().value as string | number);
      bucket.tokens = Math.min(perMinute, bucket.tokens + (nowMs - bucket.at) * perMs);
      bucket.at = nowMs;
      buckets.set(key, bucket);
      if (bucket.tokens < 1) return Math.ceil((1 - bucket.tokens) / perMs / 1000);
      bucket.tokens -= 1;
      return 0;
    },
  };
}
