import type { Message, Update } from 'grammy/types';
import { createClient, findDuplicates, formFieldsById } from '../clients/index.js';
import type { AppDeps } from '../deps.js';
import type { MemberActor } from '../http/actor.js';
import { findProjectTimezone } from '../lib/project-days.js';
import { listMembers } from '../team/index.js';
import {
  findBotById,
  findChat,
  insertChat,
  insertClientMessage,
  releaseUpdate,
  setRotationLast,
  takeUpdate,
  waitingUpdates,
  type BotRow,
} from './telegram.repository.js';

/** The longest text kept of one message (Telegram's own limit is 4 096; a caption 1 024). */
const TEXT_MAX = 10_000;

/** What a message says, as the client's conversation keeps it. */
function contentOf(message: Message): { kind: 'text' | 'contact' | 'other'; text: string } {
  if (message.text) return { kind: 'text', text: message.text.slice(0, TEXT_MAX) };
  if (message.contact) return { kind: 'contact', text: `Номер телефона: ${message.contact.phone_number}` };
  const caption = message.caption ? `: ${message.caption.slice(0, TEXT_MAX)}` : '';
  if (message.photo) return { kind: 'other', text: `Фото${caption}` };
  if (message.document) return { kind: 'other', text: `Файл «${message.document.file_name ?? 'без имени'}»${caption}` };
  return { kind: 'other', text: 'Сообщение такого вида CRM пока не показывает' };
}

const botActor = async (deps: AppDeps, bot: BotRow): Promise<MemberActor> => ({
  projectId: bot.project_id,
  actorId: bot.user_id,
  impersonatorId: null,
  actorName: `Telegram-бот @${bot.username}`,
  role: 'admin',
  timezone: await findProjectTimezone(deps.db, bot.project_id),
  apiKey: true,
});

/** The bot's manager, or the next manager after the last one given a client (by id, round). */
async function managerFor(deps: AppDeps, bot: BotRow): Promise<number> {
  if (bot.manager_rule === 'one' && bot.manager_id !== null) return bot.manager_id;
  const managers = (await listMembers(deps.db, bot.project_id, 'manager')).map((m) => m.id).sort((a, b) => a - b);
  const pool = managers.length > 0 ? managers : (await listMembers(deps.db, bot.project_id)).map((m) => m.id).sort((a, b) => a - b);
  const next = pool.find((id) => bot.rotation_last === null || id > bot.rotation_last) ?? pool[0]!;
  await setRotationLast(deps.db, bot.id, next);
  bot.rotation_last = next;
  return next;
}

/**
 * Who a Telegram user is: the client his chat is linked to; else, when he shares his own number,
 * the client the duplicate rule finds by it; else a new client in the bot's stage with the
 * manager its rule gives, named from his profile (a client creation as any other).
 */
async function clientOf(deps: AppDeps, bot: BotRow, message: Message & { from: NonNullable<Message['from']> }) {
  const caller = await botActor(deps, bot);
  const form = await formFieldsById(deps.db, bot.project_id);
  const phoneField = [...form.values()].find((f) => f.type === 'phone_number');
  const ownNumber = message.contact && message.contact.user_id === message.from.id ? message.contact.phone_number : null;
  const fields = ownNumber && phoneField ? [{ field_id: phoneField.id, value: ownNumber }] : [];
  if (fields.length > 0) {
    const duplicates = await findDuplicates(deps.db, caller, { clientId: null, name: '', last_name: '', fields });
    const same = duplicates.find((d) => d.matches.includes('phone_number') && d.client);
    if (same?.client) return same.client.id;
  }
  const created = await createClient(deps, caller, {
    name: message.from.first_name.slice(0, 100),
    last_name: (message.from.last_name ?? (message.from.username ? `@${message.from.username}` : 'Telegram')).slice(0, 100),
    amount: 0,
    traffic: false,
    category_id: bot.category_id,
    manager_id: await managerFor(deps, bot),
    fields,
    incomplete: true,
  });
  return created.id;
}

async function handle(deps: AppDeps, bot: BotRow, update: Update) {
  const message = update.message;
  if (!message?.from || message.from.is_bot) return;
  const from = message.from;
  const telegramUserId = String(from.id);
  let chat = await findChat(deps.db, bot.id, telegramUserId);
  if (!chat) {
    const clientId = await clientOf(deps, bot, { ...message, from });
    await insertChat(deps.db, {
      project_id: bot.project_id,
      bot_id: bot.id,
      client_id: clientId,
      telegram_user_id: telegramUserId,
      chat_id: String(message.chat.id),
      username: from.username ?? null,
      created_at: deps.clock.now().toISOString(),
    });
    chat = (await findChat(deps.db, bot.id, telegramUserId))!;
  }
  await insertClientMessage(deps.db, {
    project_id: bot.project_id,
    client_id: chat.client_id,
    chat_id: chat.id,
    direction: 'in',
    ...contentOf(message),
    telegram_message_id: String(message.message_id),
    created_at: new Date(message.date * 1000).toISOString(),
  });
}

/**
 * One pass over the updates kept: oldest first per bot (so in order per chat), each taken by a
 * conditional UPDATE so it is handled once whatever instance runs; a failure gives it back.
 */
export async function handleUpdates(deps: AppDeps, limit = 100): Promise<number> {
  let handled = 0;
  const bots = new Map<number, BotRow | undefined>();
  /** Bots whose update failed this pass: their later updates wait (in order per chat). */
  const stalled = new Set<number>();
  for (const row of await waitingUpdates(deps.db, limit)) {
    if (stalled.has(row.bot_id)) continue;
    if (!(await takeUpdate(deps.db, row.id, deps.clock.now().toISOString()))) continue;
    if (!bots.has(row.bot_id)) bots.set(row.bot_id, await findBotById(deps.db, row.bot_id));
    const bot = bots.get(row.bot_id);
    if (!bot) continue;
    try {
      await handle(deps, bot, JSON.parse(row.payload) as Update);
      handled += 1;
    } catch (err) {
      deps.log.error({ err, update: row.id }, 'telegram update failed; it is tried again');
      await releaseUpdate(deps.db, row.id);
      stalled.add(row.bot_id);
    }
  }
  return handled;
}
