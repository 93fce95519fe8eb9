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

type Outcome = { sent: string } | { failed: string } | { retryInSeconds: number; why: string };

async function attempt(deps: AppDeps, message: DueMessage): Promise<Outcome> {
  const bot = await findBotById(deps.db, message.bot_id);
  if (!bot || bot.mode === 'off' || !deps.config.secretsKey) return { failed: 'Telegram-бот проекта отключён' };
  try {
    const { messageId } = await apiOf(deps, bot).sendMessage(message.chat_id, message.text, message.keyboard);
    return { sent: String(messageId) };
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
