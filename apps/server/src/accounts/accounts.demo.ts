import type { AppDeps } from '../deps.js';
import type { DemoContext } from '../feature.js';
import { hashPassword } from './passwords.js';

export const DEMO_PASSWORD = 'demo12345';

/**
 * The demo's three people, verified: `demo@example.com` is an admin (so the demo can show
 * switching into a manager), `owner@example.com` the super admin, `manager@example.com` a manager.
 */
const people = {
  admin: { name: 'Анна Админова', email: 'demo@example.com' },
  owner: { name: 'Олег Владельцев', email: 'owner@example.com' },
  manager: { name: 'Мария Менеджерова', email: 'manager@example.com' },
} as const;

export async function seedAccountsDemo({ db, config, clock }: AppDeps, demo: DemoContext): Promise<void> {
  const now = clock.now().toISOString();
  const passwordHash = await hashPassword(DEMO_PASSWORD, config.passwordHashLogN);
  for (const key of ['admin', 'owner', 'manager'] as const) {
    const person = people[key];
    const user = await db
      .insertInto('users')
      .values({ ...person, password_hash: passwordHash, email_verified_at: now, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    demo.users[key] = { id: user.id, email: person.email, password: DEMO_PASSWORD };
  }
}
