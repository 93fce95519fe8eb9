import { z } from 'zod';
import { idSchema, isoDateTime } from './common.js';

/**
 * A member's own Telegram, linked to the project's bot so that his notices reach him there
 * (docs/product.md, "Telegram": managers in Telegram).
 */
export const telegramLinkSchema = z.object({
  /** The project's connected bot; null: none, so there is nothing to link to yet. */
  bot: z.object({ username: z.string(), link: z.string() }).nullable(),
  linked: z.boolean(),
  /** His Telegram @username (without the @) when linked and he has one. */
  username: z.string().nullable(),
  linked_at: isoDateTime.nullable(),
});
export type TelegramLink = z.infer<typeof telegramLinkSchema>;

/** A one-time deep link: opened in Telegram, it sends the bot `/start <code>`. */
export const telegramLinkCodeSchema = z.object({
  /** https://t.me/<bot username>?start=<code> */
  url: z.string(),
  expires_at: isoDateTime,
});
export type TelegramLinkCode = z.infer<typeof telegramLinkCodeSchema>;

/** The project's members who linked their Telegram (admins). */
export const telegramLinkedMembersSchema = z.object({
  members: z.array(z.object({ user_id: idSchema, username: z.string().nullable(), linked_at: isoDateTime })),
});
export type TelegramLinkedMembers = z.infer<typeof telegramLinkedMembersSchema>;

/** How long a link stays usable, and once only. */
export const TELEGRAM_LINK_TTL_MINUTES = 15;

export const TELEGRAM_LINK_NO_BOT =
  'Telegram-бот проекта не подключён: попросите администратора подключить его';
export const TELEGRAM_LINK_SELF_ONLY =
  'Подключить свой Telegram может только сам сотрудник, не администратор от его имени';
/** What the bot answers. */
export const TELEGRAM_LINK_DONE = 'Готово: уведомления CRM будут приходить сюда';
export const TELEGRAM_LINK_INVALID =
  'Ссылка недействительна: она уже использована или устарела. Получите новую в профиле CRM («Подключить Telegram»)';
export const TELEGRAM_LINK_MEMBER_HINT =
  'Этот чат получает уведомления CRM. Отвечать клиентам и администратору нужно в CRM.';
