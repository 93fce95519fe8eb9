import { z } from 'zod';
import { isoDateTime, plainText } from './common.js';

/** A project's bot as the settings show it; its token never leaves the server. */
export const telegramBotSchema = z.object({
  connected: z.literal(true),
  username: z.string(),
  name: z.string(),
  /** https://t.me/<username> */
  link: z.string(),
  /** How updates arrive: a webhook (a public https address), or the server asks (a laptop). */
  mode: z.enum(['webhook', 'polling']),
  category_id: z.number().int(),
  manager_rule: z.enum(['one', 'rotation']),
  manager_id: z.number().int().nullable(),
  connected_at: isoDateTime,
});
export const telegramStatusSchema = z.union([telegramBotSchema, z.object({ connected: z.literal(false) })]);
export type TelegramStatus = z.infer<typeof telegramStatusSchema>;

export const TELEGRAM_TOKEN_INVALID = 'Это не похоже на токен бота: он выглядит как 123456789:AA…, его выдаёт @BotFather';
export const TELEGRAM_BOT_TAKEN = 'Этот бот уже подключён к другому проекту';

export const telegramConnectBody = z.object({
  token: plainText()
    .trim()
    .regex(/^\d{5,15}:[A-Za-z0-9_-]{30,60}$/, TELEGRAM_TOKEN_INVALID),
  /** The stage of a client the bot meets first; the pipeline's first stage when left out. */
  category_id: z.number().int().positive().optional(),
  /** Who gets him: one manager, or the managers by turns (the default). */
  manager_rule: z.enum(['one', 'rotation']).optional().default('rotation'),
  manager_id: z.number().int().positive().nullable().optional().default(null),
});
export type TelegramConnectBody = z.input<typeof telegramConnectBody>;

/** Where the bot's new clients go, changed without connecting again. */
export const telegramRulesBody = telegramConnectBody.omit({ token: true });
export type TelegramRulesBody = z.input<typeof telegramRulesBody>;
