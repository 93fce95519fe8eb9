/** Field errors of a 422 answer: `{field: [message, ...]}` (docs/product.md §5.1). */
export type FieldErrors = Record<string, string[]>;

/** An HTTP answer that was not a success; `status` is the HTTP status code. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors;
  /** Seconds the server asks to wait (the Retry-After header of a 429), when it named them. */
  readonly retryAfter: number | undefined;

  constructor(status: number, message: string, errors: FieldErrors = {}, retryAfter?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.retryAfter = retryAfter;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export const UNEXPECTED_ERROR = 'An unexpected error occurred';

/**
 * The one rule for an action's error toast (docs/product.md §5.4): the server's message for an HTTP error
 * that is not 500 and has one; otherwise the action's fallback; for a 500 or a non-HTTP error
 * (network down, a bug) 'An unexpected error occurred'.
 */
export const errorToastMessage = (error: unknown, fallback: string): string => {
  if (!isApiError(error)) return UNEXPECTED_ERROR;
  if (error.status === 500) return UNEXPECTED_ERROR;
  const message = error.message.trim();
  return message !== '' ? message : fallback;
};

/** The first message of each field, as forms show only one under a field. */
export const firstFieldErrors = (errors: FieldErrors): Array<[field: string, message: string]> =>
  Object.entries(errors).flatMap(([field, messages]) => {
    const first = messages.find((m) => m.trim() !== '');
    return first === undefined ? [] : [[field, first] as [string, string]];
  });
