import { transaction } from '../../db/transaction.js';
import type { AppDeps } from '../../deps.js';
import type { Job } from '../../jobs/job.js';
import { apiOf } from '../bot-access.js';
import { sendFailure } from '../outbox/send-failure.js';
import { findProjectBot } from '../telegram.repository.js';
import {
  abandonedNotices,
  claimNotice,
  deleteLinkById,
  dueNotices,
  noticeFailed,
  noticeRetryAt,
  noticeSent,
  type DueNotice,
} from './links.repository.js';

/** How long one attempt may take before its claim runs out (then it fails, never sent twice). */
const CLAIM_MS = 60_000;
const AT_ONCE = 20;

const UNKNOWN = 'Неизвестно, дошло ли уведомление';

/**
 * 'sent'; 'blocked': the member blocked the bot or left Telegram (his link goes, see
 * docs/decisions.md); 'failed' with why; or tried again in N seconds.
 */
type Outcome =
  { sent: true } | { blocked: true } | { failed: string } | { retryInSeconds: number; why: string };

async function attempt(deps: AppDeps, notice: DueNotice): Promise<Outcome> {
  const bot = await findProjectBot(deps.db, notice.project_id);
  if (!bot || bot.bot_user_id !== notice.bot_user_id || !deps.config.secretsKey)
    return { failed: 'Telegram-бот проекта отключён или заменён' };
  try {
    await apiOf(deps, bot).sendMessage(notice.chat_id, notice.text);
    return { sent: true };
  } catch (error) {
    const failure = sendFailure(error, notice.attempts);
    if ('wait' in failure) {
      return { retryInSeconds: failure.seconds, why: failure.wait === 'rate' ? `Telegram просит подождать ${failure.seconds} с` : 'Нет связи с Telegram' };
    }
    if ('refused' in failure) {
      if (failure.refused.error_code === 403) return { blocked: true };
      return { failed: `Telegram не принял уведомление: ${failure.refused.description}` };
    }
    return { failed: 'unreachable' in failure ? 'Не удалось связаться с Telegram' : UNKNOWN };
  }
}

/** The member blocked the bot: his link goes (with what was waiting), told in the history. */
async function dropBlockedLink(deps: AppDeps, notice: DueNotice) {
  await transaction(deps, async (tx) => {
    const gone = await deleteLinkById(tx.db, notice.link_id);
    if (!gone) return;
    await tx.record({
      projectId: gone.project_id,
      actorId: null,
      kind: 'telegram.member_unlinked',
      subjectType: 'telegram',
      subjectId: null,
      message: `Уведомления CRM больше не приходят в Telegram ${gone.username ? `@${gone.username}` : 'сотрудника'}: бот заблокирован или аккаунт удалён`,
      before: { username: gone.username, user_id: gone.user_id },
      after: null,
    });
  });
}

async function sendOne(deps: AppDeps, notice: DueNotice) {
  const now = deps.clock.now();
  if (!(await claimNotice(deps.db, notice.id, new Date(now.getTime() + CLAIM_MS).toISOString())))
    return false;
  const outcome = await attempt(deps, { ...notice, attempts: notice.attempts + 1 });
  if ('sent' in outcome) await noticeSent(deps.db, notice.id);
  else if ('blocked' in outcome) await dropBlockedLink(deps, notice);
  else if ('failed' in outcome) await noticeFailed(deps.db, notice.id, outcome.failed);
  else
    await noticeRetryAt(
      deps.db,
      notice.id,
      new Date(deps.clock.now().getTime() + outcome.retryInSeconds * 1000).toISOString(),
      outcome.why,
    );
  return true;
}

/** One pass: fails notices whose attempt was cut short, then sends what is due (members in parallel, each in order). */
export async function sendDueNotices(deps: AppDeps): Promise<number> {
  const at = deps.clock.now().toISOString();
  let done = 0;
  for (const lost of await abandonedNotices(deps.db, at)) {
    await noticeFailed(deps.db, lost.id, UNKNOWN);
    done += 1;
  }
  const due = await dueNotices(deps.db, at, AT_ONCE);
  const results = await Promise.all(due.map((notice) => sendOne(deps, notice)));
  return done + results.filter(Boolean).length;
}

/** Members' notices to their Telegram, every second (docs/product.md, "Telegram"). */
export const noticesJob: Job = {
  name: 'telegram.notices',
  intervalMs: 1_000,
  run: (deps) => sendDueNotices(deps),
};
