import { tooManyRequests } from './app-error.js';

/** A bound on memory: past it, the key seen longest ago is forgotten (it starts full again). */
const MAX_KEYS = 10_000;

/**
 * Each API key's requests on this instance: a bucket of `perMinute` requests, refilled evenly, so a
 * script may burst and then keeps a steady pace; past it 429 with Retry-After (docs/decisions.md,
 * "API keys"). Per instance: with several, a key's pace is that many times this.
 */
export function createApiKeyRate(perMinute: number) {
  const perMs = perMinute / 60_000;
  const buckets = new Map<number, { tokens: number; at: number }>();
  return {
    /** Takes one request from the key's bucket, or throws 429 naming when the next one is allowed. */
    take(tokenId: number, nowMs: number): void {
      const bucket = buckets.get(tokenId) ?? { tokens: perMinute, at: nowMs };
      buckets.delete(tokenId);
      if (buckets.size >= MAX_KEYS) buckets.delete(buckets.keys().next().value as number);
      bucket.tokens = Math.min(perMinute, bucket.tokens + (nowMs - bucket.at) * perMs);
      bucket.at = nowMs;
      buckets.set(tokenId, bucket);
      if (bucket.tokens < 1) {
        const seconds = Math.ceil((1 - bucket.tokens) / perMs / 1000);
        throw tooManyRequests(seconds, `Слишком много запросов по API-ключу. Повторите через ${seconds} с`);
      }
      bucket.tokens -= 1;
    },
  };
}
