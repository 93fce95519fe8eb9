import { randomBytes } from 'node:crypto';
import { INVITATION_TTL_DAYS, type Role } from '@crm/contract';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { hashInvitationToken } from '../db/memberships.js';
import { hashPassword } from '../http/passwords.js';

export const DEMO_PASSWORD = 'demo12345';
export const DEMO_PROJECT = 'Демо-проект';

const people: { name: string; email: string; role: Role }[] = [
  { name: 'Анна Админова', email: 'demo@example.com', role: 'admin' },
  { name: 'Олег Владельцев', email: 'owner@example.com', role: 'super_admin' },
  { name: 'Мария Менеджерова', email: 'manager@example.com', role: 'manager' },
];

const statuses = [
  { name: 'Новичок', isDefault: true, depositGoal: 0 },
  { name: 'Профи', isDefault: false, depositGoal: 500_000 },
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
    // Manager levels: the default one for newcomers, and one with a deposit goal.
    const statusIds: number[] = [];
    for (const status of statuses) {
      const row = await trx
        .insertInto('statuses')
        .values({
          project_id: project.id,
          name: status.name,
          name_key: status.name.toLocaleLowerCase('ru-RU'),
          is_default: status.isDefault ? 1 : 0,
          deposit_goal: status.depositGoal,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      statusIds.push(row.id);
    }
    let adminId: number | null = null;
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
        .values({
          project_id: project.id,
          user_id: user.id,
          role: person.role,
          status_id: person.role === 'manager' ? statusIds[0]! : null,
          created_at: now,
        })
        .execute();
      if (person.role === 'admin') adminId = user.id;
    }
    // One pending invitation to show on the managers page (its link was never sent anywhere).
    await trx
      .insertInto('invitations')
      .values({
        project_id: project.id,
        email: 'new.manager@example.com',
        role: 'manager',
        token_hash: hashInvitationToken(randomBytes(32).toString('base64url')),
        status: 'pending',
        invited_by: adminId,
        accepted_by: null,
        expires_at: new Date(Date.parse(now) + INVITATION_TTL_DAYS * 24 * 3600_000).toISOString(),
        accepted_at: null,
        revoked_at: null,
        created_at: now,
      })
      .execute();
  });
  return people.map((p) => ({ email: p.email, role: p.role, password: DEMO_PASSWORD }));
}
