import { GrammyError, HttpError } from 'grammy';

/** Attempts at reaching Telegram when the connection is refused (nothing was sent). */
const CONNECT_ATTEMPTS = 5;

/** Errors that say the request never reached Telegram: trying again cannot send twice. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);
const notSent = (error: HttpError) => {
  let cause: unknown = error.error;
  for (let depth = 0; depth < 4 && cause; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && NOT_SENT_CODES.has(code)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
};

/**
 * What a failed send means, for every sender of the bot (answers, members' notices; see
 * docs/decisions.md, "Telegram"): Telegram asks to wait (429: nothing was sent); the connection
 * was refused (nothing was sent: tried again `CONNECT_ATTEMPTS` times, then unreachable);
 * Telegram refused it (the caller says why); or it may have arrived (never sent again).
 */
export type SendFailure =
  | { wait: 'rate'; seconds: number }
  | { wait: 'connection'; seconds: number }
  | { refused: GrammyError }
  | { unreachable: true }
  | { unknown: true };

/** `attempts` counts this one. */
export function sendFailure(error: unknown, attempts: number): SendFailure {
  if (error instanceof GrammyError) {
    if (error.error_code === 429) return { wait: 'rate', seconds: Math.max(1, error.parameters.retry_after ?? 5) };
    return { refused: error };
  }
  if (error instanceof HttpError && notSent(error)) {
    return attempts < CONNECT_ATTEMPTS ? { wait: 'connection', seconds: 5 * attempts } : { unreachable: true };
  }
  return { unknown: true };
}
