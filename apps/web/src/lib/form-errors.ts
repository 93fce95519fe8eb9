import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { firstFieldErrors, isApiError } from './api-error';

/**
 * Puts a 422 answer's field errors under the matching form fields (first message only).
 * Returns true when at least one field received a message, so callers can skip a duplicate.
 */
export const applyServerErrors = <T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: ReadonlyArray<Path<T>>,
): boolean => {
  if (!isApiError(error) || error.status !== 422) return false;
  let applied = false;
  for (const [field, message] of firstFieldErrors(error.errors)) {
    const target = fields.find((f) => f === field);
    if (target) {
      setError(target, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
};
