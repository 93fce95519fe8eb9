import type { LoginBody, RegisterBody } from '@crm/contract';
import type { AppDeps } from '../app.js';
import { acceptInvitationOnRegister } from '../db/memberships.js';
import { invalidField } from '../http/app-error.js';
import { issueToken } from '../http/access-tokens.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../http/passwords.js';
import { findUserByEmail, insertUser } from './accounts.repository.js';
import { sendVerificationEmail } from './email-verification.service.js';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from './login-throttle.js';

type Log = { error: (o: object, m: string) => void };

const EMAIL_TAKEN = 'Пользователь с такой почтой уже зарегистрирован';
const WRONG_CREDENTIALS = 'Неверная почта или пароль';

/**
 * Creates the account and signs it in. With a usable invitation sent to this address the person
 * joins that project, already verified (the link came by email); otherwise a verification email
 * follows (its failure is logged: the person can resend). An unusable invitation does not stop
 * the registration.
 */
export async function register(deps: AppDeps, input: RegisterBody, log: Log) {
  const { db, config } = deps;
  if (await findUserByEmail(db, input.email)) throw invalidField('email', EMAIL_TAKEN);
  const now = new Date().toISOString();
  const passwordHash = await hashPassword(input.password, config.passwordHashLogN);
  const { user, invited } = await db
    .transaction()
    .execute(async (trx) => {
      const created = await insertUser(trx, {
        name: input.name,
        email: input.email,
        password_hash: passwordHash,
        email_verified_at: null,
        created_at: now,
        updated_at: now,
      });
      const joined = input.invitation_token
        ? await acceptInvitationOnRegister(trx, input.invitation_token, created)
        : false;
      return { user: created, invited: joined };
    })
    .catch(async (error: unknown) => {
      // Two registrations racing for one address: the unique index decides.
      if (await findUserByEmail(db, input.email)) throw invalidField('email', EMAIL_TAKEN);
      throw error;
    });
  if (!invited) {
    await sendVerificationEmail(deps, user).catch((err: unknown) => log.error({ err }, 'verification email not sent'));
  }
  return { user, token: await issueToken(db, user.id) };
}

/** A wrong pair and an unknown email answer alike, in the same time; 5 failures a minute per email and address. */
export async function login({ db, config }: AppDeps, input: Required<LoginBody>, ip: string) {
  await assertLoginAllowed(db, input.email, ip);
  const user = await findUserByEmail(db, input.email);
  const valid = user?.password_hash
    ? await verifyPassword(input.password, user.password_hash)
    : await burnPasswordCheck(input.password, config.passwordHashLogN).then(() => false);
  if (!user || !valid) {
    await recordLoginFailure(db, input.email, ip);
    throw invalidField('email', WRONG_CREDENTIALS);
  }
  await clearLoginFailures(db, input.email, ip);
  return { user, token: await issueToken(db, user.id) };
}
