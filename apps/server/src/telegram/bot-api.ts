import { Api, GrammyError, HttpError, InputFile } from 'grammy';
import type { Update } from 'grammy/types';

/** The button the bot offers a new writer, so the duplicate rule can find him by his number. */
export const SHARE_NUMBER = 'Поделиться номером';
export type Keyboard = 'ask_contact' | 'remove' | null;

export type BotIdentity = { id: number; username: string; name: string };

/**
 * The Telegram Bot API, through grammY's client pointed at TELEGRAM_API_URL (Telegram's own, a
 * self-hosted Bot API server, or the tests' server): the adapter the telegram feature talks to.
 */
export function createBotApi(apiUrl: string, token: string) {
  const api = new Api(token, { apiRoot: apiUrl });
  return {
    async getMe(): Promise<BotIdentity> {
      const me = await api.getMe();
      return { id: me.id, username: me.username, name: me.first_name };
    },
    setWebhook: (url: string, secret: string) =>
      api.setWebhook(url, {
        secret_token: secret,
        allowed_updates: ['message'],
        drop_pending_updates: false,
      }),
    deleteWebhook: () => api.deleteWebhook(),
    getUpdates: (offset: number, limit = 100): Promise<Update[]> =>
      api.getUpdates({ offset, limit, timeout: 0 }),
    /** Where a file the bot received can be fetched, and its size when Telegram knows it. */
    async getFile(fileId: string) {
      const file = await api.getFile(fileId);
      return { path: file.file_path ?? null, size: file.file_size ?? null };
    },
    /** The file's bytes (a Response to stream), from the Bot API's file address. */
    fetchFile: (path: string, signal?: AbortSignal) =>
      fetch(`${apiUrl}/file/bot${token}/${path}`, signal ? { signal } : {}),
    /** Sends text, with a keyboard asking for the writer's number, or taking it away, when told. */
    async sendMessage(chatId: string, text: string, keyboard: Keyboard = null) {
      const reply_markup =
        keyboard === 'ask_contact'
          ? {
              keyboard: [[{ text: SHARE_NUMBER, request_contact: true }]],
              resize_keyboard: true,
              one_time_keyboard: true,
            }
          : keyboard === 'remove'
            ? { remove_keyboard: true as const }
            : undefined;
      const sent = await api.sendMessage(chatId, text, reply_markup ? { reply_markup } : {});
      return { messageId: sent.message_id };
    },
    /** Sends a photo or a document (its bytes uploaded), with its caption; answers Telegram's id of the file too. */
    async sendFile(
      chatId: string,
      kind: 'photo' | 'document',
      file: { bytes: AsyncIterable<Uint8Array>; name: string },
      caption: string,
    ) {
      // Handed over as a plain async iterable: grammY reads any object with a `url` as a link to
      // fetch, and an HTTP response body from the file store (S3) has one.
      const input = new InputFile(
        (async function* () {
          yield* file.bytes;
        })(),
        file.name,
      );
      const other = caption ? { caption } : {};
      if (kind === 'photo') {
        const sent = await api.sendPhoto(chatId, input, other);
        return { messageId: sent.message_id, fileId: sent.photo.at(-1)?.file_id ?? null };
      }
      const sent = await api.sendDocument(chatId, input, other);
      return { messageId: sent.message_id, fileId: sent.document.file_id };
    },
  };
}

export type BotApi = ReturnType<typeof createBotApi>;

/** Why Telegram refused, for a person to read (Russian); its own words are kept after a colon. */
export function telegramReason(error: unknown): string {
  if (error instanceof GrammyError) {
    if (error.error_code === 401 || error.error_code === 404) {
      return 'Telegram не принял токен: он неверный или отозван в @BotFather';
    }
    if (error.error_code === 429) return `Telegram просит подождать: ${error.description}`;
    return `Telegram ответил: ${error.description}`;
  }
  if (error instanceof HttpError)
    return 'Не удалось связаться с Telegram: проверьте, что сервер выходит в интернет';
  return 'Не удалось связаться с Telegram';
}
