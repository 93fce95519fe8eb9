import type { LoginBody, RegisterBody } from '@crm/contract';
import { transaction } from '../db/transaction.js';
import type { AppDeps } from '../deps.js';
import { invalidField } from '../http/app-error.js';
import { issueToken } from '../identity/tokens.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.js';
import { findUserByEmail, insertUser } from './accounts.repository.js';
import { sendVerificationEmail } from './email-verification.service.js';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from './login-throttle.js';

const EMAIL_TAKEN = 'Пользователь с такой почтой уже зарегистрирован';
const WRONG_CREDENTIALS = 'Неверная почта или пароль';

/**
 * Creates the account and signs it in. With a usable invitation sent to this address the person
 * joins that project, already verified (the link came by email); otherwise a verification email
 * follows (its failure is logged: the person can resend). An unusable invitation does not stop
 * the registration.
 */
export async function register(deps: AppDeps, input: RegisterBody) {
  const { db, config, log, clock } = deps;
  if (await findUserByEmail(db, input.email)) throw invalidField('email', EMAIL_TAKEN);
  const passwordHash = await hashPassword(input.password, config.passwordHashLogN);
  const { user, invited } = await transaction(deps, async (tx) => {
    const now = tx.now.toISOString();
    const created = await insertUser(tx.db, {
      name: input.name,
      email: input.email,
      password_hash: passwordHash,
      email_verified_at: null,
      created_at: now,
      updated_at: now,
    });
    // With an invitation's token the team joins him to its project (an unusable invitation
    // does not stop the registration: it goes on as an ordinary one).
    await tx.signal('account.created', {
      userId: created.id,
      email: created.email,
      invitationToken: input.invitation_token ?? null,
    });
    // Joined by an invitation, his address is verified: it came there.
    const verified = (await findUserByEmail(tx.db, created.email))?.email_verified_at != null;
    return { user: created, invited: verified };
  }).catch(async (error: unknown) => {
    // Two registrations racing for one address: the unique index decides.
    if (await findUserByEmail(db, input.email)) throw invalidField('email', EMAIL_TAKEN);
    throw error;
  });
  if (!invited) {
    await sendVerificationEmail(deps, user).catch((err: unknown) =>
      log.error({ err }, 'verification email not sent'),
    );
  }
  return { user, token: await issueToken(db, clock.now(), user.id) };
}

/** A wrong pair and an unknown email answer alike, in the same time; 5 failures a minute per email and address. */
export async function login({ db, config, clock }: AppDeps, input: Required<LoginBody>, ip: string) {
  await assertLoginAllowed(db, clock.now(), input.email, ip);
  const user = await findUserByEmail(db, input.email);
  const valid = user?.password_hash
    ? await verifyPassword(input.password, user.password_hash)
    : await burnPasswordCheck(input.password, config.passwordHashLogN).then(() => false);
  if (!user || !valid) {
    await recordLoginFailure(db, clock.now(), input.email, ip);
    throw invalidField('email', WRONG_CREDENTIALS);
  }
  await clearLoginFailures(db, input.email, ip);
  return { user, token: await issueToken(db, clock.now(), user.id) };
}
