import type { Readable } from 'node:stream';
import type { GrammyError } from 'grammy';
import type { AppDeps } from '../../deps.js';
import { singleFlight } from '../../jobs/single-flight.js';
import { findBotById } from '../telegram.repository.js';
import { apiOf } from '../bot-access.js';
import { publishClientMessage } from '../inbox/messages.live.js';
import { abandonedMessages, claimMessage, dueMessages, markFailed, markSent, retryAt, type DueMessage } from './outbox.repository.js';
import { sendFailure } from './send-failure.js';

/** How long one attempt may take before its claim runs out (a stopped instance's answers fail, see abandonedMessages). */
const CLAIM_MS = 60_000;
const AT_ONCE = 20;

export const UNKNOWN_DELIVERY = 'Неизвестно, дошло ли сообщение: проверьте чат в Telegram, прежде чем отправить ещё раз';

/** Telegram's refusal, for the person who answered (Russian). */
export function refusalOf(error: GrammyError): string {
  const text = error.description.toLowerCase();
  if (text.includes('blocked by the user')) return 'Клиент заблокировал бота';
  if (text.includes('user is deactivated')) return 'Клиент удалил аккаунт Telegram';
  if (text.includes("can't initiate") || text.includes('chat not found')) return 'Чата с клиентом больше нет: он удалил его или не запускал этого бота';
  if (error.error_code === 401) return 'Telegram не принял токен бота: подключите бота заново';
  if (error.error_code === 400 && text.includes('too long')) return 'Слишком длинное сообщение для Telegram';
  return `Telegram не принял сообщение: ${error.description}`;
}

type Outcome = { sent: { messageId: string; fileId: string | null } } | { failed: string } | { retryInSeconds: number; why: string };

export const FILE_GONE = 'Файла больше нет в хранилище CRM: отправьте его заново';
const STORE_DOWN = 'Хранилище файлов CRM недоступно';
/** Attempts at reading an answer's file from the store before it fails (nothing was sent meanwhile). */
const STORE_ATTEMPTS = 5;

/** The answer's photo or file from the store; a store that does not answer is tried again later. */
async function fileOf(deps: AppDeps, message: DueMessage): Promise<{ bytes: Readable; name: string } | Outcome | null> {
  if ((message.kind !== 'photo' && message.kind !== 'document') || !message.file_path || !message.file_name) return null;
  try {
    const bytes = await deps.files.get(message.file_path);
    return bytes ? { bytes, name: message.file_name } : { failed: FILE_GONE };
  } catch (error) {
    deps.log.warn({ err: String(error), message: message.id }, 'file store unreadable for a telegram answer');
    return message.attempts < STORE_ATTEMPTS ? { retryInSeconds: 30 * message.attempts, why: `${STORE_DOWN}: пробуем снова` } : { failed: STORE_DOWN };
  }
}

async function attempt(deps: AppDeps, message: DueMessage): Promise<Outcome> {
  const bot = await findBotById(deps.db, message.bot_id);
  if (!bot || bot.mode === 'off' || !deps.config.secretsKey) return { failed: 'Telegram-бот проекта отключён' };
  const file = await fileOf(deps, message);
  if (file && !('bytes' in file)) return file;
  try {
    const api = apiOf(deps, bot);
    if (file && (message.kind === 'photo' || message.kind === 'document')) {
      const sent = await api.sendFile(message.chat_id, message.kind, file, message.caption ?? '');
      return { sent: { messageId: String(sent.messageId), fileId: sent.fileId } };
    }
    const { messageId } = await api.sendMessage(message.chat_id, message.text, message.keyboard);
    return { sent: { messageId: String(messageId), fileId: null } };
  } catch (error) {
    const failure = sendFailure(error, message.attempts);
    if ('wait' in failure) {
      const why = failure.wait === 'rate' ? `Telegram просит подождать ${failure.seconds} с: сообщение уйдёт само` : 'Нет связи с Telegram: пробуем снова';
      return { retryInSeconds: failure.seconds, why };
    }
    if ('refused' in failure) return { failed: refusalOf(failure.refused) };
    return { failed: 'unreachable' in failure ? 'Не удалось связаться с Telegram' : UNKNOWN_DELIVERY };
  }
}

async function sendOne(deps: AppDeps, message: DueMessage) {
  const now = deps.clock.now();
  if (!(await claimMessage(deps.db, message.id, new Date(now.getTime() + CLAIM_MS).toISOString()))) return false;
  const outcome = await attempt(deps, { ...message, attempts: message.attempts + 1 });
  if ('sent' in outcome) await markSent(deps.db, message.id, outcome.sent);
  else if ('failed' in outcome) await markFailed(deps.db, message.id, outcome.failed);
  else await retryAt(deps.db, message.id, new Date(deps.clock.now().getTime() + outcome.retryInSeconds * 1000).toISOString(), outcome.why);
  await publishClientMessage(deps, message.project_id, message.id);
  return true;
}

/** One pass: fails answers whose instance stopped mid-attempt, then sends what is due; answers how many it sent or settled. */
export async function sendDue(deps: AppDeps): Promise<number> {
  const at = deps.clock.now().toISOString();
  let done = 0;
  for (const lost of await abandonedMessages(deps.db, at)) {
    await markFailed(deps.db, lost.id, UNKNOWN_DELIVERY);
    await publishClientMessage(deps, lost.project_id, lost.id);
    done += 1;
  }
  const due = await dueMessages(deps.db, at, AT_ONCE);
  // Clients in parallel, each client's answers in order (one per client per pass).
  const results = await Promise.all(due.map((message) => sendOne(deps, message)));
  return done + results.filter(Boolean).length;
}

const flight = singleFlight('telegram outbox', sendDue);

/** Sends what is due now on this instance (an answer was written). */
export const kickOutbox = (deps: AppDeps) => flight.kick(deps);

/** Resolves once this instance's outbox pass is over (tests). */
export const outboxIdle = (deps: AppDeps) => flight.idle(deps);
