/** The one domain error: a status and a message a person reads (Russian), plus field errors on 422. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    /** The underlying failure, logged but never sent. */
    cause?: unknown,
  ) {
    super(message, { cause });
  }
}

export const notFound = (message = 'Не найдено') => new AppError(404, message);
export const forbidden = (message = 'Недостаточно прав для этого действия') =>
  new AppError(403, message);
export const unauthenticated = (message = 'Требуется вход в систему') => new AppError(401, message);

/** 422 on one field; the message is also the top-level message, as the UI shows it in a toast. */
export const invalidField = (field: string, message: string) =>
  new AppError(422, message, { [field]: [message] });

export const tooManyRequests = (retryAfterSeconds: number, message: string) =>
  new AppError(429, message, undefined, { 'retry-after': String(Math.max(1, retryAfterSeconds)) });
