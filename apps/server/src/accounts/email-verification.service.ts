import { accessChangedOnCommit } from '../identity/access-cache.js';
import { EMAIL_RESEND_COOLDOWN_S } from '@crm/contract';
import { transaction } from '../db/transaction.js';
import type { AppDeps } from '../deps.js';
import type { UserRow } from '../db/schema.js';
import { AppError, invalidField, tooManyRequests } from '../http/app-error.js';
import { verificationEmail } from './account-emails.js';
import { markEmailVerified } from './accounts.repository.js';
import { consumeLinkToken, createLinkToken, lastLinkSentAt } from './one-time-links.js';
import { deleteUnusedLinks } from './one-time-links.repository.js';

const LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** Sends a new verification link; refuses within the cooldown (429 with Retry-After). */
export async function sendVerificationEmail({ db, config, mailer, clock }: AppDeps, user: UserRow) {
  const now = clock.now();
  if (user.email_verified_at) throw invalidField('email', 'Почта уже подтверждена');
  const last = await lastLinkSentAt(db, 'email_verifications', user.id);
  const waitS = last === null ? 0 : Math.ceil((last + EMAIL_RESEND_COOLDOWN_S * 1000 - now.getTime()) / 1000);
  if (waitS > 0) {
    throw tooManyRequests(waitS, `Письмо уже отправлено. Повторная отправка возможна через ${waitS} с.`);
  }
  const token = await createLinkToken(db, now, 'email_verifications', user.id, LINK_TTL_MS);
  try {
    await mailer.send(verificationEmail(user.email, user.name, `${config.appUrl}/verify-email/${token}`));
  } catch (error) {
    // Not sent: forget the link so the cooldown does not block the next try.
    await deleteUnusedLinks(db, 'email_verifications', user.id);
    throw new AppError(503, 'Не удалось отправить письмо. Попробуйте позже.', undefined, undefined, error);
  }
  return { sent_at: now.toISOString(), cooldown_seconds: EMAIL_RESEND_COOLDOWN_S };
}

/** Confirms the signed-in user's email with a single-use link of his, valid 24 hours. */
export async function verifyEmail(deps: AppDeps, user: UserRow, hash: string) {
  return transaction(deps, async (tx) => {
    const { db: trx, now: at } = tx;
    const now = at.toISOString();
    if (!(await consumeLinkToken(trx, at, 'email_verifications', hash, user.id))) {
      throw invalidField('hash', 'Ссылка для подтверждения недействительна или устарела');
    }
    accessChangedOnCommit(tx, { userId: user.id });
    return markEmailVerified(trx, user.id, user.email_verified_at ?? now, now);
  });
}
