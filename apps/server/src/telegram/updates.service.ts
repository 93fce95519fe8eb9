import type { Message, Update } from 'grammy/types';
import { clientsByIds, createClient, findDuplicates, formFieldsById } from '../clients/index.js';
import type { AppDeps } from '../deps.js';
import type { MemberActor } from '../http/actor.js';
import { findProjectTimezone } from '../lib/project-days.js';
import { listMembers } from '../team/index.js';
import { transaction } from '../db/transaction.js';
import { newHolderId } from '../jobs/scheduler.js';
import { singleFlight } from '../jobs/single-flight.js';
import { notify, unreadAboutClientMessages } from '../notifications/index.js';
import { SHARE_NUMBER } from './bot-api.js';
import { publishClientMessage } from './inbox/messages.live.js';
import { insertClientMessage } from './inbox/messages.repository.js';
import { kickOutbox } from './outbox/outbox.sender.js';
import { insertFile } from './files/files.repository.js';
import { handleMemberMessage } from './links/links.service.js';
import { kickFiles } from './files/files.service.js';
import { internationalNumber, takeSharedNumber } from './shared-number.js';
import {
  botsWithUpdates,
  findBotById,
  findChat,
  insertChat,
  lockBotUpdates,
  releaseUpdate,
  setRotationLast,
  takeUpdate,
  unlockBotUpdates,
  waitingUpdates,
  type BotRow,
} from './telegram.repository.js';

/** The longest text kept of one message (Telegram's own limit is 4 096; a caption 1 024). */
const TEXT_MAX = 10_000;

/** What a message says, as the client's conversation keeps it. */
function contentOf(message: Message): { kind: 'text' | 'contact' | 'photo' | 'document' | 'other'; text: string } {
  if (message.text) return { kind: 'text', text: message.text.slice(0, TEXT_MAX) };
  if (message.contact) return { kind: 'contact', text: `Номер телефона: ${message.contact.phone_number}` };
  const caption = message.caption ? `: ${message.caption.slice(0, TEXT_MAX)}` : '';
  if (message.photo) return { kind: 'photo', text: `Фото${caption}` };
  if (message.document) return { kind: 'document', text: `Файл «${message.document.file_name ?? 'без имени'}»${caption}` };
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

/** The number a writer shares when it is his own (a contact of himself), as an international one. */
const ownNumberOf = (message: Message & { from: NonNullable<Message['from']> }) =>
  message.contact && message.contact.user_id === message.from.id ? internationalNumber(message.contact.phone_number) : null;

/**
 * Who a Telegram user is: the client his chat is linked to; else, when he shares his own number,
 * the client the duplicate rule finds by it; else a new client in the bot's stage with the
 * manager its rule gives, named from his profile (a client creation as any other).
 */
async function clientOf(deps: AppDeps, bot: BotRow, message: Message & { from: NonNullable<Message['from']> }) {
  const caller = await botActor(deps, bot);
  const form = await formFieldsById(deps.db, bot.project_id);
  const phoneField = [...form.values()].find((f) => f.type === 'phone_number');
  const ownNumber = ownNumberOf(message);
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

/** The photo (its largest size) or document of a message, as the files job fetches it. */
function fileOf(message: Message) {
  const photo = message.photo?.at(-1);
  if (photo) return { telegram_file_id: photo.file_id, name: `photo-${message.message_id}.jpg`, mime: 'image/jpeg', size: photo.file_size ?? null };
  const doc = message.document;
  if (doc) {
    return { telegram_file_id: doc.file_id, name: (doc.file_name ?? 'file').slice(0, 200), mime: doc.mime_type ?? null, size: doc.file_size ?? null };
  }
  return null;
}

/** What the bot says to a new writer, with the button that shares his number. */
export const GREETING = `Здравствуйте! Мы получили ваше сообщение, менеджер скоро ответит здесь. Нажмите «${SHARE_NUMBER}», чтобы мы узнали вас по номеру телефона.`;
export const THANKS_FOR_NUMBER = 'Спасибо! Номер получен.';

const PREVIEW = 80;
const preview = (text: string) => (text.length > PREVIEW ? `${text.slice(0, PREVIEW - 1)}…` : text);

async function handle(deps: AppDeps, bot: BotRow, update: Update) {
  const message = update.message;
  if (!message?.from || message.from.is_bot) return;
  const from = message.from;
  // A member linking his Telegram (`/start link_…`), or a linked member: no client's (links/).
  if (await handleMemberMessage(deps, bot, { ...message, from })) return;
  const telegramUserId = String(from.id);
  let chat = await findChat(deps.db, bot.id, telegramUserId);
  const isNew = !chat;
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
  } else {
    const ownNumber = ownNumberOf({ ...message, from });
    if (ownNumber) chat = await takeSharedNumber(deps, await botActor(deps, bot), chat, ownNumber);
  }
  const { client_id: clientId, id: chatId } = chat;
  const content = contentOf(message);
  const client = (await clientsByIds(deps.db, [clientId], bot.project_id)).get(clientId);
  if (!client) return;
  const ids = await transaction(deps, async (tx) => {
    const at = tx.now.toISOString();
    const incoming = await insertClientMessage(tx.db, {
      project_id: bot.project_id,
      client_id: clientId,
      chat_id: chatId,
      direction: 'in',
      ...content,
      telegram_message_id: String(message.message_id),
      created_at: new Date(message.date * 1000).toISOString(),
      status: 'received',
      author_id: null,
      next_attempt_at: null,
    });
    const file = fileOf(message);
    if (file) {
      const tooBig = file.size !== null && file.size > deps.config.telegramFiles.maxBytes;
      await insertFile(tx.db, { message_id: incoming, project_id: bot.project_id, ...file, status: tooBig ? 'too_big' : 'waiting' }, at);
    }
    // The bot asks a new writer for his number (a button), and thanks him for it.
    const botSays = isNew && !message.contact ? { text: GREETING, keyboard: 'ask_contact' as const } : message.contact ? { text: THANKS_FOR_NUMBER, keyboard: 'remove' as const } : null;
    const answer = botSays
      ? await insertClientMessage(tx.db, {
          project_id: bot.project_id,
          client_id: clientId,
          chat_id: chatId,
          direction: 'out',
          kind: 'text',
          text: botSays.text,
          keyboard: botSays.keyboard,
          telegram_message_id: null,
          created_at: at,
          status: 'sending',
          author_id: bot.user_id,
          next_attempt_at: at,
        })
      : null;
    // One notice per client in his manager's bell: the newest message replaces an unread older one.
    await unreadAboutClientMessages(tx.db, [client.manager_id], clientId).remove();
    const name = `${client.name} ${client.last_name}`.trim();
    await notify(tx, [
      {
        userId: client.manager_id,
        projectId: bot.project_id,
        type: 'client_message',
        message: `${name} в Telegram: ${preview(content.text)}`,
        data: { client: { id: clientId, name: client.name, last_name: client.last_name } },
      },
    ]);
    return [incoming, answer];
  });
  for (const id of ids) if (id !== null) await publishClientMessage(deps, bot.project_id, id);
  if (ids[1] !== null) kickOutbox(deps);
  // Fetched in the background: the message shows at once, its file when it is kept.
  if (fileOf(message)) kickFiles(deps);
}

/** How long an instance holds a bot's updates unless it lets them go (it stopped mid-way). */
const LOCK_MS = 30_000;
const holder = newHolderId();

/**
 * One pass: for each bot with updates kept, when no other instance holds it, its updates oldest
 * first (so in order per chat), each taken by a conditional UPDATE so it is handled once; a
 * failure gives it back and stops the bot's pass. A disconnected bot's updates are passed over.
 */
export async function handleUpdates(deps: AppDeps, limit = 100): Promise<number> {
  let handled = 0;
  for (const botId of await botsWithUpdates(deps.db)) {
    const now = deps.clock.now();
    if (!(await lockBotUpdates(deps.db, botId, holder, now.toISOString(), new Date(now.getTime() + LOCK_MS).toISOString()))) continue;
    try {
      const bot = await findBotById(deps.db, botId);
      for (const row of await waitingUpdates(deps.db, botId, limit)) {
        if (!(await takeUpdate(deps.db, row.id, deps.clock.now().toISOString()))) continue;
        if (!bot || bot.mode === 'off') continue;
        try {
          await handle(deps, bot, JSON.parse(row.payload) as Update);
          handled += 1;
        } catch (err) {
          deps.log.error({ err, update: row.id }, 'telegram update failed; it is tried again');
          await releaseUpdate(deps.db, row.id);
          break;
        }
      }
    } finally {
      await unlockBotUpdates(deps.db, botId, holder);
    }
  }
  return handled;
}

const flight = singleFlight('telegram updates', (deps) => handleUpdates(deps));

/**
 * Handles kept updates now on this instance (a webhook call kept one), so a message reaches open
 * pages at once; the job's pass covers the rest.
 */
export const kickUpdates = (deps: AppDeps) => flight.kick(deps);

/** Resolves once this instance's updates pass is over (tests). */
export const updatesIdle = (deps: AppDeps) => flight.idle(deps);
