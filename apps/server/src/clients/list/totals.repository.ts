import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import './totals.tables.js';

/**
 * A board's column heads without its filters: each stage's clients and sum of amounts, read from
 * the folded totals plus the changes not folded yet (one statement, so one snapshot: a fold in
 * between is seen whole or not at all). `managerId`: one manager's clients only.
 */
export async function keptColumnTotals(db: Db, projectId: number, managerId: number | null) {
  const mine = managerId === null ? sql`` : sql` and manager_id = ${managerId}`;
  const { rows } = await sql<{ category_id: number; clients: number | string; amount: number | string }>`
    select category_id, sum(clients) as clients, sum(amount) as amount from (
      select category_id, clients, amount from client_stage_totals where project_id = ${projectId}${mine}
      union all
      select category_id, clients, amount from client_total_changes where project_id = ${projectId}${mine}
    ) t group by category_id having sum(clients) > 0`.execute(db);
  return rows.map((r) => ({
    category_id: r.category_id,
    clients: Number(r.clients),
    amount: Number(r.amount),
  }));
}

/**
 * Folds the changes written so far into the totals and forgets them; a stage and manager left
 * with no client is removed. Answers how many changes it folded.
 */
export async function foldTotalChanges(db: Db): Promise<number> {
  const last = await db
    .selectFrom('client_total_changes')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const upTo = last?.id ?? null;
  if (upTo === null) return 0;
  // One fold at a time: two would both count the changes neither has forgotten yet.
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select pg_advisory_xact_lock(hashtext('crm_client_totals_fold'))`.execute(db);
  await sql`insert into client_stage_totals (project_id, category_id, manager_id, clients, amount)
    select project_id, category_id, manager_id, sum(clients), sum(amount) from client_total_changes
    where id <= ${upTo} group by project_id, category_id, manager_id
    on conflict (project_id, manager_id, category_id) do update
    set clients = client_stage_totals.clients + excluded.clients,
      amount = client_stage_totals.amount + excluded.amount`.execute(db);
  const folded = await db.deleteFrom('client_total_changes').where('id', '<=', upTo).executeTakeFirst();
  await db.deleteFrom('client_stage_totals').where('clients', '=', 0).execute();
  return Number(folded.numDeletedRows);
}
