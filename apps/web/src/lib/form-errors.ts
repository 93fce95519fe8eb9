import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { firstFieldErrors, isApiError } from './api-error';

/**
 * Puts a 422 answer's field errors under the matching form fields (first message only). An item's
 * message ('tasks.2') goes under its list when the form has no field of that name; `renamed` gives
 * the form's field for an API field it calls otherwise (`{ schedule_for: 'hours' }`).
 * Returns true when at least one field received a message, so callers can skip a duplicate.
 */
export const applyServerErrors = <T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: ReadonlyArray<Path<T>>,
  renamed: Partial<Record<string, Path<T>>> = {},
): boolean => {
  if (!isApiError(error) || error.status !== 422) return false;
  const given = new Set<Path<T>>();
  for (const [path, message] of firstFieldErrors(error.errors)) {
    const list = path.split('.')[0] ?? path;
    const target = [path, list]
      .map((name) => renamed[name] ?? name)
      .find((name): name is Path<T> => fields.some((f) => f === name));
    if (target && !given.has(target)) {
      setError(target, { type: 'server', message });
      given.add(target);
    }
  }
  return given.size > 0;
};

/**
 * The message a list field shows: the list's own, else its first item's, as a server's 'tasks.2'
 * shows under the list (react-hook-form keeps an item's error in an array under the list's name).
 */
export const listMessage = (
  error: { message?: string } | ReadonlyArray<{ message?: string } | undefined> | undefined,
): string | undefined => {
  if (error && 'message' in error && error.message) return error.message;
  return Array.isArray(error)
    ? error.find((item?: { message?: string }) => item?.message)?.message
    : undefined;
};

type ItemMessage = { message?: string } | undefined;

/**
 * A list's messages as ItemListField shows them: the list's own, or each item's under the item
 * (react-hook-form keeps an item's error in an array under the list's name).
 */
export const listErrors = (error: ItemMessage | readonly ItemMessage[]) =>
  Array.isArray(error)
    ? {
        items: Object.fromEntries(
          (error as readonly ItemMessage[]).flatMap((item, index) =>
            item?.message ? [[index, item.message]] : [],
          ),
        ),
      }
    : { list: (error as ItemMessage)?.message };
