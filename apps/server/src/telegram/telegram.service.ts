import { randomBytes, timingSafeEqual } from 'node:crypto';
import { TELEGRAM_BOT_TAKEN, type TelegramStatus } from '@crm/contract';
import type { Db } from '../db/database.js';
import { transaction } from '../db/transaction.js';
import type { AppDeps } from '../deps.js';
import type { Actor } from '../http/actor.js';
import { invalidField, notFound, unauthenticated } from '../http/app-error.js';
import { insertTechnicalUser } from '../identity/technical-users.js';
import { listCategories } from '../clients/index.js';
import { listMembers } from '../team/index.js';
import { createBotApi, telegramReason } from './bot-api.js';
import { apiOf, boxOf } from './bot-access.js';
import {
  findBotByTelegramId,
  findProjectBot,
  findProjectBotRow,
  insertBot,
  keepUpdates,
  releaseBotId,
  updateBot,
  type BotRow,
} from './telegram.repository.js';
import { kickUpdates } from './updates.service.js';

const toStatus = (row: BotRow | undefined): TelegramStatus =>
  row
    ? {
        connected: true,
        username: row.username,
        name: row.name,
        link: `https://t.me/${row.username}`,
        mode: row.mode === 'off' ? 'polling' : row.mode,
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
  if (elsewhere && elsewhere.project_id !== who.projectId && elsewhere.mode !== 'off') throw invalidField('token', TELEGRAM_BOT_TAKEN);
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
    // The project keeps one row whatever bot it connects: its chats (who its clients are in
    // Telegram) stay. A bot let go by another project leaves that project's row.
    if (elsewhere && elsewhere.project_id !== who.projectId) await releaseBotId(tx.db, elsewhere.id);
    const row = await findProjectBotRow(tx.db, who.projectId);
    const sameBot = row?.bot_user_id === String(me.id) && row.username === me.username;
    const userId = sameBot ? row.user_id : (await insertTechnicalUser(tx.db, `Telegram-бот @${me.username}`, tx.now.toISOString())).id;
    const values = {
      ...rule,
      user_id: userId,
      rotation_last: null,
      bot_user_id: String(me.id),
      username: me.username,
      name: me.name,
      token_sealed: box.seal(token),
      webhook_secret: secret,
      mode: base ? ('webhook' as const) : ('polling' as const),
      connected_by: who.actorId,
      connected_at: tx.now.toISOString(),
      updates_locked_by: null,
      updates_locked_until: null,
    };
    if (row) await updateBot(tx.db, row.id, values);
    else await insertBot(tx.db, { ...values, project_id: who.projectId });
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

/** The stage and manager of the bot's new clients, changed on the connected bot. */
export async function setNewClientsRule(deps: AppDeps, who: Actor, input: Omit<ConnectInput, 'token'>): Promise<TelegramStatus> {
  const bot = await findProjectBot(deps.db, who.projectId);
  if (!bot) throw notFound('Telegram-бот не подключён');
  const rule = await newClientsRule(deps.db, who.projectId, { ...input, token: '' });
  return transaction(deps, async (tx) => {
    await updateBot(tx.db, bot.id, { ...rule, rotation_last: rule.manager_rule === bot.manager_rule ? bot.rotation_last : null });
    await tx.record({
      ...who,
      kind: 'telegram.rules_changed',
      subjectType: 'telegram',
      subjectId: null,
      message: `Изменено, куда Telegram-бот @${bot.username} добавляет новых клиентов`,
      before: { category_id: bot.category_id, manager_rule: bot.manager_rule, manager_id: bot.manager_id },
      after: rule,
    });
    return toStatus(await findProjectBot(tx.db, who.projectId));
  });
}

/**
 * Removes the webhook (so Telegram stops calling) and forgets the token and the secret; the row
 * stays, off, with the chats of the project's clients (docs/decisions.md, "Telegram").
 */
export async function disconnectBot(deps: AppDeps, who: Actor): Promise<void> {
  const bot = await findProjectBot(deps.db, who.projectId);
  if (!bot) return;
  if (deps.config.secretsKey) await apiOf(deps, bot).deleteWebhook().catch(() => {});
  await transaction(deps, async (tx) => {
    await updateBot(tx.db, bot.id, { mode: 'off', token_sealed: '', webhook_secret: randomBytes(24).toString('base64url'), polling_offset: 0 });
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
  if (!bot || bot.mode === 'off') return;
  if (!sameSecret(bot.webhook_secret, secret)) throw unauthenticated('Неверный секрет вебхука Telegram');
  await keepUpdates(deps.db, bot.id, [update], deps.clock.now().toISOString());
  kickUpdates(deps);
}
