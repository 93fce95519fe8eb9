/**
 * The answers a signed-in visitor's page asks for before the app's code has arrived: the page's
 * inline script (build/signed-in-preload.ts) starts the app's first GETs beside its files and
 * leaves them here; the API client takes each one over once, instead of asking again.
 */

/** Where under /api the API lives: the API client's base, and the inline script's. */
export const API_BASE = '/api/v1';

/** The name of the global the inline script leaves its requests in. */
export const EARLY_GLOBAL = 'crmEarlyResponses';

export type EarlyResponses = {
  /** The token the requests carried. */
  token: string;
  /** When the page started them (ms since the epoch). */
  at: number;
  /** By URL (API_BASE included). */
  responses: Record<string, Promise<Response> | undefined>;
};

/** Long enough for a slow phone to load the app; after it an answer may be stale, and is not taken. */
export const EARLY_WINDOW_MS = 10_000;

/**
 * The early answer to a GET of `url`, taken once, if the page asked with the same token within
 * the window; otherwise undefined, and the caller asks itself.
 */
export const takeEarlyResponse = (
  early: EarlyResponses | undefined,
  url: string,
  token: string | null,
  now: number = Date.now(),
): Promise<Response> | undefined => {
  if (!early || early.token !== token || now - early.at > EARLY_WINDOW_MS) return undefined;
  const response = early.responses[url];
  delete early.responses[url];
  return response;
};
