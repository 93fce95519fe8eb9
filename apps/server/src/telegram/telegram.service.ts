import { randomBytes, timingSafeEqual } from 'node:crypto';
import { TELEGRAM_BOT_TAKEN, type TelegramStatus } from '@crm/contract';
import type { Db } from '../db/database.js';
import { transaction } from '../db/transaction.js';
import type { AppDeps } from '../deps.js';
import type { Actor } from '../http/actor.js';
import { AppError, invalidField, unauthenticated } from '../http/app-error.js';
import { createSecretBox } from '../lib/secret-box.js';
import { insertTechnicalUser } from '../identity/technical-users.js';
import { listCategories } from '../clients/index.js';
import { listMembers } from '../team/index.js';
import { createBotApi, telegramReason } from './bot-api.js';
import { deleteBot, findBotByTelegramId, findProjectBot, insertBot, keepUpdates, type BotRow } from './telegram.repository.js';

const NO_SECRETS_KEY =
  'Чтобы подключить бота, задайте на сервере переменную SECRETS_KEY: ею шифруется токен (docs/product.md, «Telegram»)';

const toStatus = (row: BotRow | undefined): TelegramStatus =>
  row
    ? {
        connected: true,
        username: row.username,
        name: row.name,
        link: `https://t.me/${row.username}`,
        mode: row.mode,
        category_id: row.category_id,
        manager_rule: row.manager_rule,
        manager_id: row.manager_id,
        connected_at: row.connected_at,
      }
    : { connected: false };

export const botStatus = async (db: Db, projectId: number) => toStatus(await findProjectBot(db, projectId));

/** Webhooks need an address Telegram can reach: a public https APP_URL. A laptop polls instead. */
const webhookBase = (appUrl: string) => {
  const url = new URL(appUrl);
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  return url.protocol === 'https:' && !local ? url.origin : null;
};

const boxOf = (deps: AppDeps) => {
  if (!deps.config.secretsKey) throw new AppError(422, NO_SECRETS_KEY);
  return createSecretBox(deps.config.secretsKey);
};

/** The bot's API with its token unsealed (never logged). */
export const apiOf = (deps: AppDeps, bot: BotRow) =>
  createBotApi(deps.config.telegram.apiUrl, boxOf(deps).open(bot.token_sealed));

/**
 * Checks the token with Telegram (getMe), refuses a bot connected elsewhere, then keeps it sealed
 * and sets the webhook with a secret (or clears it, to poll). A bot replacing another: the old one's
 * webhook is removed.
 */
type ConnectInput = { token: string; category_id?: number; manager_rule: 'one' | 'rotation'; manager_id: number | null };

/** Where the bot's new clients go: a stage of the project (its first by default), a member as manager. */
async function newClientsRule(db: Db, projectId: number, input: ConnectInput) {
  const stages = await listCategories(db, projectId);
  const stage = input.category_id === undefined ? stages.find((c) => c.outcome === null) : stages.find((c) => c.id === input.category_id);
  if (!stage) throw invalidField('category_id', 'Категория не найдена');
  if (input.manager_rule === 'one') {
    const members = await listMembers(db, projectId);
    if (!members.some((m) => m.id === input.manager_id)) throw invalidField('manager_id', 'Выберите менеджера');
  }
  return { category_id: stage.id, manager_rule: input.manager_rule, manager_id: input.manager_rule === 'one' ? input.manager_id : null };
}

export async function connectBot(deps: AppDeps, who: Actor, input: ConnectInput): Promise<TelegramStatus> {
  const { token } = input;
  const box = boxOf(deps);
  const rule = await newClientsRule(deps.db, who.projectId, input);
  const api = createBotApi(deps.config.telegram.apiUrl, token);
  const me = await api.getMe().catch((error: unknown) => {
    throw invalidField('token', telegramReason(error));
  });
  const elsewhere = await findBotByTelegramId(deps.db, String(me.id));
  if (elsewhere && elsewhere.project_id !== who.projectId) throw invalidField('token', TELEGRAM_BOT_TAKEN);
  const previous = await findProjectBot(deps.db, who.projectId);
  const secret = randomBytes(24).toString('base64url');
  const base = webhookBase(deps.config.appUrl);
  try {
    if (base) await api.setWebhook(`${base}/api/v1/telegram/webhook/${me.id}`, secret);
    else await api.deleteWebhook();
  } catch (error) {
    throw invalidField('token', telegramReason(error));
  }
  if (previous && previous.bot_user_id !== String(me.id)) await apiOf(deps, previous).deleteWebhook().catch(() => {});
  return transaction(deps, async (tx) => {
    if (previous) await deleteBot(tx.db, previous.id);
    const user = await insertTechnicalUser(tx.db, `Telegram-бот @${me.username}`, tx.now.toISOString());
    await insertBot(tx.db, {
      ...rule,
      user_id: user.id,
      rotation_last: null,
      project_id: who.projectId,
      bot_user_id: String(me.id),
      username: me.username,
      name: me.name,
      token_sealed: box.seal(token),
      webhook_secret: secret,
      mode: base ? 'webhook' : 'polling',
      connected_by: who.actorId,
      connected_at: tx.now.toISOString(),
    });
    await tx.record({
      ...who,
      kind: 'telegram.connected',
      subjectType: 'telegram',
      subjectId: null,
      message: `Подключён Telegram-бот @${me.username}`,
      before: previous ? { username: previous.username } : null,
      after: { username: me.username, mode: base ? 'webhook' : 'polling' },
    });
    return toStatus(await findProjectBot(tx.db, who.projectId));
  });
}

/** Removes the webhook (so Telegram stops calling) and forgets the bot and its token. */
export async function disconnectBot(deps: AppDeps, who: Actor): Promise<void> {
  const bot = await findProjectBot(deps.db, who.projectId);
  if (!bot) return;
  if (deps.config.secretsKey) await apiOf(deps, bot).deleteWebhook().catch(() => {});
  await transaction(deps, async (tx) => {
    await deleteBot(tx.db, bot.id);
    await tx.record({
      ...who,
      kind: 'telegram.disconnected',
      subjectType: 'telegram',
      subjectId: null,
      message: `Отключён Telegram-бот @${bot.username}`,
      before: { username: bot.username },
      after: null,
    });
  });
}

const sameSecret = (expected: string, given: string | undefined) => {
  const a = Buffer.from(expected);
  const b = Buffer.from(given ?? '');
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Telegram's webhook call: kept once by its update_id, and answered at once (the work is the next
 * step's). A wrong secret is 401 with nothing kept; a bot no longer connected is ignored.
 */
export async function receiveUpdate(deps: AppDeps, botUserId: string, secret: string | undefined, update: { update_id: number }) {
  const bot = await findBotByTelegramId(deps.db, botUserId);
  if (!bot) return;
  if (!sameSecret(bot.webhook_secret, secret)) throw unauthenticated('Неверный секрет вебхука Telegram');
  await keepUpdates(deps.db, bot.id, [update], deps.clock.now().toISOString());
}
