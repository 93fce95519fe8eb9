// A project for the large-data benchmarks of reminders and statistics: the clients of
// seed-clients.ts spread over a hundred managers, ten reminders a client over two years (past
// ones done, canceled or expired; coming ones pending) and notifications for every manager.
import { sql } from 'kysely';
import type { ReminderStatus } from '@crm/contract';
import type { Db } from '../apps/server/src/db/database.js';
import { joinAs } from '../apps/server/src/test/members.js';
import { seedClients } from './seed-clients.js';

export const MANAGERS = 100;
const DAY = 86_400_000;

export type RemindersSizes = { clients: number; reminders: number; notificationsEach: number };

/** A fixed sequence, so every run seeds the same data. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

export type Seeded = {
  projectId: number;
  admin: string;
  manager: { id: number; token: string };
  managers: { id: number; token: string }[];
  categoryIds: number[];
};

export async function seedRemindersProject(
  t: Parameters<typeof seedClients>[0],
  db: Db,
  log: (line: string) => void,
  { clients: CLIENTS, reminders: REMINDERS, notificationsEach: NOTIFICATIONS_EACH }: RemindersSizes,
): Promise<Seeded> {
  const project = await seedClients(t, CLIENTS, log);
  const { projectId } = project;
  // A hundred managers (the seed has five and an admin): every client to one of them.
  const managers = [project.manager];
  for (let i = managers.length; i < MANAGERS; i += 1)
    managers.push(await joinAs(t, projectId, 'manager', `Менеджер ${i + 1}`));
  for (const [k, m] of managers.entries()) {
    await sql`update clients set manager_id = ${m.id} where project_id = ${projectId} and id % ${MANAGERS} = ${k}`.execute(
      db,
    );
  }
  log(`  clients spread over ${MANAGERS} managers`);

  const clients = await db
    .selectFrom('clients')
    .select(['id', 'manager_id'])
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute();
  const now = Date.now();
  const from = now - 540 * DAY; // 18 months back, 6 ahead
  const span = 720 * DAY;
  const next = random(7);
  const started = Date.now();
  const BATCH = 500;
  const titles = ['Перезвонить', 'Отправить КП', 'Согласовать договор', 'Напомнить об оплате', 'Встреча'];
  for (let done = 0; done < REMINDERS; done += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, REMINDERS - done) }, (_, k) => {
      const client = clients[(done + k) % clients.length]!;
      const due = new Date(from + Math.floor(next() * span));
      // Working hours.
      due.setUTCHours(6 + Math.floor(next() * 10), Math.floor(next() * 4) * 15, 0, 0);
      const past = due.getTime() < now;
      const roll = next();
      const status: ReminderStatus = !past
        ? 'pending'
        : roll < 0.7
          ? 'completed'
          : roll < 0.85
            ? 'expired'
            : roll < 0.95
              ? 'canceled'
              : 'skipped';
      const at = new Date(due.getTime() - 3 * DAY).toISOString();
      return {
        project_id: projectId,
        client_id: client.id,
        manager_id: client.manager_id,
        template_id: null,
        trigger_type: null,
        trigger_id: null,
        title: titles[(done + k) % titles.length]!,
        status,
        completion_date: due.toISOString(),
        remind_before: 30,
        notify_at: new Date(due.getTime() - 30 * 60_000).toISOString(),
        notified_at: past ? due.toISOString() : null,
        comments: '[]',
        description: '',
        rescheduled: 0,
        tasks_total: 0,
        tasks_done: 0,
        status_changed_at: past ? due.toISOString() : at,
        created_at: at,
        updated_at: at,
      };
    });
    await db.insertInto('client_reminders').values(rows).execute();
    if ((done + BATCH) % 100_000 === 0 || done + BATCH >= REMINDERS)
      log(
        `  ${Math.min(REMINDERS, done + BATCH).toLocaleString('ru-RU')} reminders (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
  }
  for (const m of managers) {
    const rows = Array.from({ length: NOTIFICATIONS_EACH }, (_, i) => ({
      user_id: m.id,
      project_id: projectId,
      type: 'reminder_due' as const,
      message: `Напоминание №${i}`,
      data: '{}',
      created_at: new Date(now - i * 3600_000).toISOString(),
      read_at: i % 7 === 0 ? null : new Date(now - i * 3600_000 + 60_000).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('notifications')
        .values(rows.slice(i, i + 500))
        .execute();
  }
  log(`  ${(MANAGERS * NOTIFICATIONS_EACH).toLocaleString('ru-RU')} notifications`);
  return {
    projectId,
    admin: project.admin.token,
    manager: managers[0]!,
    managers,
    categoryIds: project.categoryIds,
  };
}
