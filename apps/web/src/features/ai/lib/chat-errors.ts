import { AI_NOT_CONFIGURED } from '@crm/contract';
import { firstFieldErrors, isApiError } from '@/lib/api-error';

export const CONNECTION_LOST =
  'Связь с сервером прервалась: ответ мог сохраниться не полностью. Попробуйте ещё раз.';
export const SEND_FAILED = 'Не удалось отправить сообщение. Попробуйте ещё раз.';

/**
 * What the chat says when a message could not be sent: the server's Russian message (503 not
 * configured, 502 and 504 from the model, a 422 on the text), or a plain sentence for a broken
 * connection. `notConfigured` turns on the page's banner.
 */
export const sendErrorOf = (error: unknown): { text: string; notConfigured: boolean } | null => {
  if (!isApiError(error)) return { text: CONNECTION_LOST, notConfigured: false };
  if (error.status === 401) return null; // the app is already on its way to /login
  if (error.status === 503) return { text: error.message || AI_NOT_CONFIGURED, notConfigured: true };
  if (error.status === 422) {
    const [first] = firstFieldErrors(error.errors);
    return { text: first?.[1] ?? (error.message || SEND_FAILED), notConfigured: false };
  }
  if (error.status === 500) return { text: SEND_FAILED, notConfigured: false };
  return { text: error.message || SEND_FAILED, notConfigured: false };
};
