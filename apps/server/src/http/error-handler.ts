import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { AppError } from './app-error.js';

type ErrorPayload = { success: false; message: string; errors?: Record<string, string[]> };

const fastifyMessages: Record<number, string> = {
  400: 'Некорректный запрос',
  404: 'Не найдено',
  405: 'Метод не поддерживается',
  413: 'Слишком большой запрос',
  415: 'Неподдерживаемый тип содержимого',
  429: 'Слишком много запросов, попробуйте позже',
};

/** "/fields/0/value" → "fields.0.value" (docs/product.md §5.1: nested keys joined with dots). */
const fieldKey = (instancePath: string | undefined, fallback: string): string =>
  instancePath ? instancePath.replace(/^\//, '').split('/').join('.') || fallback : fallback;

/** The one place errors become answers: 422 by field, domain errors by their status, 500 hidden. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      const body: ErrorPayload = { success: false, message: error.message };
      if (error.errors) body.errors = error.errors;
      return reply.code(error.status).headers(error.headers ?? {}).send(body);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      // An id in the path that is not an id is simply not found.
      if (error.validationContext === 'params') {
        return reply.code(404).send({ success: false, message: 'Не найдено' });
      }
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const key = fieldKey(issue.instancePath, String(error.validationContext ?? 'body'));
        (errors[key] ??= []).push(issue.message ?? 'Некорректное значение');
      }
      const first = Object.values(errors)[0]?.[0] ?? 'Проверьте введённые данные';
      return reply.code(422).send({ success: false, message: first, errors });
    }

    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match schema');
      return reply.code(500).send({ success: false, message: 'Server Error' });
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'Некорректный JSON в теле запроса'
          : (fastifyMessages[status] ?? 'Некорректный запрос');
      return reply.code(status).send({ success: false, message });
    }

    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ success: false, message: 'Server Error' });
  });
}
