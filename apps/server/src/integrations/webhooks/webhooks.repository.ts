import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DeliveryStatus, WebhooksTable } from './webhooks.tables.js';
import './webhooks.tables.js';

// `status = 'pending'` is written as a literal: the partial indexes answer only a literal.
const PENDING = sql<boolean>`status = 'pending'`;

const webhookColumns = [
  'w.id',
  'w.project_id',
  'w.url',
  'w.events',
  'w.secret',
  'w.enabled',
  'w.disabled_reason',
  'w.failing_since',
  'w.created_at',
] as const;

/** The project's endpoints, oldest first, each with how many deliveries wait. */
export const listWebhooks = (db: Db, projectId: number) =>
  db
    .selectFrom('webhooks as w')
    .select(webhookColumns)
    .select((eb) =>
      eb
        .selectFrom('webhook_deliveries as d')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('d.webhook_id', '=', 'w.id')
        .where(sql<boolean>`d.status = 'pending'`)
        .as('pending'),
    )
    .where('w.project_id', '=', projectId)
    .orderBy('w.id')
    .execute();

export type WebhookRow = Awaited<ReturnType<typeof listWebhooks>>[number];

export const findWebhook = (db: Db, projectId: number, id: number) =>
  db
    .selectFrom('webhooks as w')
    .select(webhookColumns)
    .select(sql<number>`0`.as('pending'))
    .where('w.project_id', '=', projectId)
    .where('w.id', '=', id)
    .executeTakeFirst();

export const countWebhooks = async (db: Db, projectId: number) =>
  Number(
    (
      await db
        .selectFrom('webhooks')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('project_id', '=', projectId)
        .executeTakeFirstOrThrow()
    ).n,
  );

export const insertWebhook = (db: Db, row: Omit<WebhooksTable, 'id'>) =>
  db.insertInto('webhooks').values(row).returning('id').executeTakeFirstOrThrow();

export const updateWebhook = (
  db: Db,
  id: number,
  values: Partial<Pick<WebhooksTable, 'url' | 'events' | 'enabled' | 'disabled_reason' | 'failing_since' | 'updated_at'>>,
) => db.updateTable('webhooks').set(values).where('id', '=', id).execute();

export const deleteWebhook = (db: Db, id: number) => db.deleteFrom('webhooks').where('id', '=', id).execute();

/** The enabled endpoints of these projects (an event is queued only for them). */
export const enabledWebhooks = (db: Db, projectIds: readonly number[]) =>
  db
    .selectFrom('webhooks')
    .select(['id', 'project_id', 'events'])
    .where('project_id', 'in', [...projectIds])
    .where('enabled', '=', 1)
    .execute();

export type NewDelivery = {
  webhook_id: number;
  message_id: string;
  event: string;
  order_key: string | null;
  body: string;
  created_at: string;
};

export const insertDeliveries = async (db: Db, rows: NewDelivery[]) => {
  // A few hundred rows a statement keep under SQLite's bound-parameter limit.
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('webhook_deliveries')
      .values(
        rows.slice(i, i + 500).map((r) => ({
          ...r,
          status: 'pending' as const,
          attempts: 0,
          next_attempt_at: r.created_at,
          locked_until: null,
          last_attempt_at: null,
          response_status: null,
          response: null,
        })),
      )
      .execute();
  }
};

/**
 * Takes up to `limit` due deliveries until `until`: pending, due, not held, of an enabled endpoint,
 * and the first waiting of their client for that endpoint. One UPDATE that re-checks the hold, so
 * of two instances claiming at once each delivery goes to one.
 */
export async function claimDue(db: Db, at: string, until: string, limit: number) {
  const due = db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .select('d.id')
    .where(sql<boolean>`d.status = 'pending'`)
    .where('w.enabled', '=', 1)
    .where('d.next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('d.locked_until', 'is', null), eb('d.locked_until', '<=', at)]))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('webhook_deliveries as e')
            .select('e.id')
            .whereRef('e.webhook_id', '=', 'd.webhook_id')
            .whereRef('e.order_key', '=', 'd.order_key')
            .where(sql<boolean>`e.status = 'pending'`)
            .whereRef('e.id', '<', 'd.id'),
        ),
      ),
    )
    .orderBy('d.next_attempt_at')
    .orderBy('d.id')
    .limit(limit);
  const taken = await db
    .updateTable('webhook_deliveries')
    .set({ locked_until: until })
    .where('id', 'in', due)
    .where(PENDING)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]))
    .returning('id')
    .execute();
  if (taken.length === 0) return [];
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .select(['d.id', 'd.message_id', 'd.body', 'd.attempts', 'd.created_at', 'w.id as webhook_id', 'w.project_id', 'w.url', 'w.secret'])
    .where(
      'd.id',
      'in',
      taken.map((t) => t.id),
    )
    .orderBy('d.id')
    .execute();
}

export type ClaimedDelivery = Awaited<ReturnType<typeof claimDue>>[number];

/** A try's outcome: delivered, to be retried at `next`, or given up. */
export const recordAttempt = (
  db: Db,
  id: number,
  values: {
    status: DeliveryStatus;
    attempts: number;
    at: string;
    next: string | null;
    responseStatus: number | null;
    response: string;
  },
) =>
  db
    .updateTable('webhook_deliveries')
    .set({
      status: values.status,
      attempts: values.attempts,
      last_attempt_at: values.at,
      next_attempt_at: values.next,
      locked_until: null,
      response_status: values.responseStatus,
      response: values.response,
    })
    .where('id', '=', id)
    .execute();

/** Deliveries answered alike (a 2xx and its text), recorded in one statement. */
export const markDelivered = (
  db: Db,
  ids: readonly number[],
  values: { at: string; responseStatus: number; response: string },
) =>
  db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      status: 'delivered' as const,
      attempts: eb('attempts', '+', 1),
      last_attempt_at: values.at,
      next_attempt_at: null,
      locked_until: null,
      response_status: values.responseStatus,
      response: values.response,
    }))
    .where('id', 'in', [...ids])
    .execute();

/** Endpoints that delivered again: failing no more. */
export const clearFailing = (db: Db, webhookIds: readonly number[]) =>
  db
    .updateTable('webhooks')
    .set({ failing_since: null })
    .where('id', 'in', [...webhookIds])
    .where('failing_since', 'is not', null)
    .execute();

/** An endpoint's log, newest first. */
export const deliveriesPage = async (db: Db, webhookId: number, perPage: number, page: number) => {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', webhookId)
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('webhook_id', '=', webhookId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
};

export type DeliveryRow = Awaited<ReturnType<typeof deliveriesPage>>['rows'][number];

export const findDelivery = (db: Db, webhookId: number, id: number) =>
  db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .where('id', '=', id)
    .executeTakeFirst();

/** Sent again now with the same id (a replay from the log); a delivery under way is left alone. */
export const requeueDelivery = (db: Db, id: number, at: string) =>
  db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]))
    .executeTakeFirst();

