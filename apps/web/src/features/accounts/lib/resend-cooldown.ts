import { EMAIL_RESEND_COOLDOWN_S } from '@crm/contract';

/** The 2-minute cooldown between two verification emails (docs/product.md §6.4), in milliseconds. */
export const RESEND_COOLDOWN_MS = EMAIL_RESEND_COOLDOWN_S * 1000;

/**
 * Whole seconds left before the next resend, from the time the last email went out
 * (`lastSentTime`, ms since the epoch). 0 when there was none or it has run out; never more than
 * the cooldown, even if the clock was turned back.
 */
export const cooldownRemaining = (lastSentTime: number | null, now: number): number => {
  if (lastSentTime === null) return 0;
  const left = Math.ceil((lastSentTime + RESEND_COOLDOWN_MS - now) / 1000);
  return Math.min(EMAIL_RESEND_COOLDOWN_S, Math.max(0, left));
};

/** Milliseconds until the shown number of seconds changes (the next tick of the countdown). */
export const msUntilNextTick = (lastSentTime: number | null, now: number): number | null => {
  if (lastSentTime === null) return null;
  const left = lastSentTime + RESEND_COOLDOWN_MS - now;
  if (left <= 0) return null;
  const rest = left % 1000;
  return rest === 0 ? 1000 : rest;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** mm:ss, as docs/product.md §6.4 shows the cooldown: 120 → '02:00', 65 → '01:05'. */
export const formatCountdown = (seconds: number): string => {
  const s = Math.max(0, Math.floor(seconds));
  return `${pad(Math.floor(s / 60))}:${pad(s % 60)}`;
};

/**
 * The send time implied by a refusal (429 with Retry-After): the server counts from the last
 * email it sent, so that is `now - (cooldown - wait)`. A stored time that agrees within two
 * seconds is kept, so a reload does not make the countdown jump by the header's rounding.
 */
export const lastSentFromRefusal = (retryAfterS: number, stored: number | null, now: number): number => {
  const wait = Math.min(EMAIL_RESEND_COOLDOWN_S, Math.max(0, retryAfterS));
  const implied = now - (EMAIL_RESEND_COOLDOWN_S - wait) * 1000;
  return stored !== null && Math.abs(stored - implied) <= 2000 ? stored : implied;
};
