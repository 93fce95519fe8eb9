import type { LoginBody, RegisterBody } from '@crm/contract';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { invalidField } from '../http/app-error.js';
import { issueToken } from '../http/access-tokens.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../http/passwords.js';
import { findUserByEmail, insertUser } from './accounts.repository.js';

type Deps = { db: Db; config: AppConfig };

const EMAIL_TAKEN = 'Пользователь с такой почтой уже зарегистрирован';
const WRONG_CREDENTIALS = 'Неверная почта или пароль';

export async function register({ db, config }: Deps, input: Required<Omit<RegisterBody, 'invitation_token'>>) {
  if (await findUserByEmail(db, input.email)) throw invalidField('email', EMAIL_TAKEN);
  const now = new Date().toISOString();
  const passwordHash = await hashPassword(input.password, config.passwordHashLogN);
  const user = await insertUser(db, {
    name: input.name,
    email: input.email,
    password_hash: passwordHash,
    email_verified_at: null,
    created_at: now,
    updated_at: now,
  }).catch(async (error: unknown) => {
    // Two registrations racing for one address: the unique index decides.
    if (await findUserByEmail(db, input.email)) throw invalidField('email', EMAIL_TAKEN);
    throw error;
  });
  return { user, token: await issueToken(db, user.id) };
}

export async function login({ db, config }: Deps, input: Required<LoginBody>) {
  const user = await findUserByEmail(db, input.email);
  if (!user?.password_hash) {
    await burnPasswordCheck(input.password, config.passwordHashLogN);
    throw invalidField('email', WRONG_CREDENTIALS);
  }
  if (!(await verifyPassword(input.password, user.password_hash))) {
    throw invalidField('email', WRONG_CREDENTIALS);
  }
  return { user, token: await issueToken(db, user.id) };
}
