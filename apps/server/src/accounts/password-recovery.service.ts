import { accessChangedOnCommit } from '../identity/access-cache.js';
import type { ForgotPasswordBody, ResetPasswordBody } from '@crm/contract';
import { transaction } from '../db/transaction.js';
import type { AppDeps } from '../deps.js';
import { invalidField } from '../http/app-error.js';
import { revokeAllTokens } from '../identity/tokens.js';
import { hashPassword } from './passwords.js';
import { recoveryEmail } from './account-emails.js';
import { findUserByEmail, setPassword } from './accounts.repository.js';
import { consumeLinkToken, createLinkToken, lastLinkSentAt } from './one-time-links.js';

const LINK_TTL_MS = 60 * 60 * 1000;
const MIN_INTERVAL_MS = 60 * 1000;
const BAD_LINK = 'Ссылка для восстановления недействительна или устарела';

/**
 * Always answers the same way (no account enumeration). For a real account, a link is sent in
 * the background, at most once a minute, so the answer takes as long whether or not it exists.
 */
export async function requestPasswordReset(deps: AppDeps, input: Required<ForgotPasswordBody>) {
  const { db, config, mailer, clock, log } = deps;
  const now = clock.now();
  const user = await findUserByEmail(db, input.email);
  if (!user) return;
  const last = await lastLinkSentAt(db, 'password_resets', user.id);
  if (last !== null && now.getTime() - last < MIN_INTERVAL_MS) return;
  const token = await createLinkToken(db, now, 'password_resets', user.id, LINK_TTL_MS);
  const url = `${config.appUrl}/recovery?token=${token}&email=${encodeURIComponent(user.email)}`;
  mailer.send(recoveryEmail(user.email, user.name, url)).catch((err: unknown) => {
    log.error({ err }, 'recovery email not sent');
  });
}

/** Sets a new password from a single-use, 60-minute link; every session of the user ends. */
export async function resetPassword(deps: AppDeps, input: Required<ResetPasswordBody>) {
  const { db, config } = deps;
  const user = await findUserByEmail(db, input.email);
  if (!user) throw invalidField('token', BAD_LINK);
  const passwordHash = await hashPassword(input.password, config.passwordHashLogN);
  await transaction(deps, async (tx) => {
    const { db: trx, now: at } = tx;
    if (!(await consumeLinkToken(trx, at, 'password_resets', input.token, user.id))) {
      throw invalidField('token', BAD_LINK);
    }
    const now = at.toISOString();
    // The link arrived by email: the address is proven too.
    await setPassword(trx, user.id, passwordHash, user.email_verified_at ?? now, now);
    await revokeAllTokens(trx, user.id);
    accessChangedOnCommit(tx, { userId: user.id });
  });
}
