import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import '../telegram.tables.js';

/**
 * The two Telegram outboxes (clients' answers in `client_messages`, members' notices in
 * `telegram_notices`) share one rule (docs/decisions.md, "Telegram"): a row is 'sending' until
 * sent; an attempt claims it first; a claim that outlived its attempt means the instance stopped,
 * so the row fails, never sent twice; a recipient's rows go one at a time, in order.
 */
type Outbox = 'client_messages' | 'telegram_notices';

/** Only the oldest unsent row of its recipient is due (`by`: the column naming him, on the row `alias`). */
export const firstOfRecipient = (table: Outbox, by: 'client_id' | 'link_id', alias: string) =>
  sql<boolean>`not exists (select 1 from ${sql.table(table)} as e where ${sql.ref(`e.${by}`)} = ${sql.ref(`${alias}.${by}`)} and e.status = 'sending' and e.id < ${sql.ref(`${alias}.id`)})`;

/** Claims the row for one attempt until `until`: false when another instance took it first. */
export const claimOutboxRow = async (db: Db, table: Outbox, id: number, until: string) =>
  Number(
    (
      await db
        .updateTable(table)
        .set((eb) => ({ claimed_until: until, attempts: sql<number>`${eb.ref('attempts')} + 1` }))
        .where('id', '=', id)
        .where('status', '=', 'sending')
        .where('claimed_until', 'is', null)
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1;

export const failOutboxRow = (db: Db, table: Outbox, id: number, error: string) =>
  db.updateTable(table).set({ status: 'failed', error, claimed_until: null, next_attempt_at: null }).where('id', '=', id).execute();

/** Not sent, known so: tried again at `at`, with why it waits. */
export const retryOutboxRowAt = (db: Db, table: Outbox, id: number, at: string, error: string) =>
  db.updateTable(table).set({ error, claimed_until: null, next_attempt_at: at }).where('id', '=', id).execute();

/** Rows whose attempt outlived its claim: whether Telegram got them is unknown. */
export const abandonedOutboxRows = (db: Db, table: Outbox, at: string) =>
  db.selectFrom(table).select(['id', 'project_id']).where('status', '=', 'sending').where('claimed_until', '<=', at).execute();
