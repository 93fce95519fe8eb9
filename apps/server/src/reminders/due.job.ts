import { formatMoment } from '@crm/contract';
import { clientsByIds } from '../clients/index.js';
import type { DomainEvent } from '../events/domain-events.js';
import { transaction } from '../db/transaction.js';
import type { AppDeps } from '../deps.js';
import type { Job } from '../jobs/job.js';
import { findProjectTimezone } from '../lib/project-days.js';
import { notify, type NotificationInput } from '../notifications/index.js';
import { expireDue, markNoticesDue } from './reminders.repository.js';

/** Reminders claimed per transaction; a pass goes on until nothing is due. */
export const DUE_BATCH = 1000;

type Claimed = {
  id: number;
  project_id: number;
  manager_id: number;
  client_id: number;
  title: string;
  completion_date: string;
};

/** The claimed reminders' clients and their projects' zones, for the sentences. */
async function context(deps: AppDeps, db: AppDeps['db'], rows: Claimed[]) {
  const clientIds = [...new Set(rows.map((r) => r.client_id))];
  const clients = await clientsByIds(db, clientIds);
  const zones = new Map<number, string>();
  for (const projectId of new Set(rows.map((r) => r.project_id)))
    zones.set(projectId, await findProjectTimezone(db, projectId));
  return {
    client: (r: Claimed) => {
      const found = clients.get(r.client_id);
      return { id: r.client_id, name: found?.name ?? '', last_name: found?.last_name ?? '' };
    },
    when: (r: Claimed) => formatMoment(r.completion_date, zones.get(r.project_id) ?? 'UTC'),
  };
}

/**
 * Pending reminders past their due time become expired, each written to the history as the
 * system's act and told to its manager. Claimed by one conditional UPDATE per batch, so of two
 * instances each reminder is taken once.
 */
async function expireBatch(deps: AppDeps, now: Date): Promise<number> {
  const at = now.toISOString();
  return transaction(deps, async (tx) => {
    const rows = await expireDue(tx.db, at, DUE_BATCH);
    if (rows.length === 0) return 0;
    const c = await context(deps, tx.db, rows);
    const events: DomainEvent[] = rows.map((r) => ({
      projectId: r.project_id,
      actorId: null,
      kind: 'client_reminder.expired',
      subjectType: 'client_reminder',
      subjectId: r.id,
      clientId: r.client_id,
      message: `Напоминание «${r.title}» по клиенту «${c.client(r).name} ${c.client(r).last_name}» просрочено (срок ${c.when(r)})`,
      before: { status: 'pending' },
      after: { status: 'expired' },
    }));
    await tx.recordAll(events);
    await notify(
      tx,
      rows.map((r): NotificationInput => ({
        userId: r.manager_id,
        projectId: r.project_id,
        type: 'reminder_expired',
        message: `Просрочено напоминание «${r.title}» (клиент ${c.client(r).name} ${c.client(r).last_name}, срок ${c.when(r)})`,
        data: {
          client_reminder: {
            id: r.id,
            title: r.title,
            status: 'expired',
            completion_date: r.completion_date,
          },
          client: c.client(r),
        },
      })),
    );
    return rows.length;
  });
}

/** Pending reminders whose notice moment has come: their managers are told, once (`notified_at`). */
async function noticeBatch(deps: AppDeps, now: Date): Promise<number> {
  const at = now.toISOString();
  return transaction(deps, async (tx) => {
    const rows = await markNoticesDue(tx.db, at, DUE_BATCH);
    if (rows.length === 0) return 0;
    const c = await context(deps, tx.db, rows);
    await notify(
      tx,
      rows.map((r): NotificationInput => ({
        userId: r.manager_id,
        projectId: r.project_id,
        type: 'reminder_due',
        message: `Напоминание «${r.title}»: клиент ${c.client(r).name} ${c.client(r).last_name}, срок ${c.when(r)}`,
        data: {
          client_reminder: {
            id: r.id,
            title: r.title,
            status: 'pending',
            completion_date: r.completion_date,
          },
          client: c.client(r),
        },
      })),
    );
    return rows.length;
  });
}

/**
 * docs/product.md §7.2: expiry first (a reminder past due gets no "soon" notice), then the
 * notices. Nothing is kept in memory: what was due while the server was down is found by the
 * next pass.
 */
export const dueRemindersJob: Job = {
  name: 'reminders.due',
  intervalMs: 30_000,
  async run(deps, now) {
    let handled = 0;
    for (const batch of [expireBatch, noticeBatch]) {
      for (;;) {
        const n = await batch(deps, now);
        handled += n;
        if (n < DUE_BATCH) break;
      }
    }
    return handled;
  },
};
