import { firstFieldErrors, isApiError } from '@/lib/api-error';

/**
 * A 422 answer's first message per field of a modal: `options.2` goes under `options`,
 * `questions.0` under `questions`; fields the modal does not show are left out.
 */
export const fieldErrorsOf = <F extends string>(
  error: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> => {
  if (!isApiError(error) || error.status !== 422) return {};
  const errors: Partial<Record<F, string>> = {};
  for (const [path, message] of firstFieldErrors(error.errors)) {
    const head = path.split('.')[0] as F;
    if (fields.includes(head) && errors[head] === undefined) errors[head] = message;
  }
  return errors;
};
