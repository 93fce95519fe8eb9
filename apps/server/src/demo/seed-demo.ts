import type { Role } from '@crm/contract';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { hashPassword } from '../http/passwords.js';

export const DEMO_PASSWORD = 'demo12345';
export const DEMO_PROJECT = 'Демо-проект';

const people: { name: string; email: string; role: Role }[] = [
  { name: 'Анна Админова', email: 'demo@example.com', role: 'admin' },
  { name: 'Олег Владельцев', email: 'owner@example.com', role: 'super_admin' },
  { name: 'Мария Менеджерова', email: 'manager@example.com', role: 'manager' },
];

/** On an empty database, a demo project to look around in; returns the sign-ins, or null. */
export async function seedDemo(db: Db, config: AppConfig) {
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return null;

  const now = new Date().toISOString();
  const passwordHash = await hashPassword(DEMO_PASSWORD, config.passwordHashLogN);
  await db.transaction().execute(async (trx) => {
    const project = await trx
      .insertInto('projects')
      .values({ name: DEMO_PROJECT, timezone: 'Europe/Moscow', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const person of people) {
      const user = await trx
        .insertInto('users')
        .values({
          name: person.name,
          email: person.email,
          password_hash: passwordHash,
          email_verified_at: now,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('project_members')
        .values({ project_id: project.id, user_id: user.id, role: person.role, status_id: null, created_at: now })
        .execute();
    }
  });
  return people.map((p) => ({ email: p.email, role: p.role, password: DEMO_PASSWORD }));
}
