import { sql } from 'kysely';
import type { Db, Dialect } from '../db/database.js';
import './statistics.tables.js';

/** A period as UTC moments (from inclusive, to exclusive), and whose figures (null: the team's). */
export type StatisticsScope = { projectId: number; managerId: number | null; from: string; to: string };

// PostgreSQL answers count() and sum() as strings (bigint, numeric); SQLite as numbers.
const n = (value: unknown) => Number(value ?? 0);

/**
 * First entries into each stage during the period: per stage (the team's funnel), or per
 * manager and stage for the listed managers (his funnel, everyone's goals). The IN lists lead
 * the index, so each (manager,) stage is a range scan read in group order: no sort.
 */
export async function firstEntries(
  db: Db,
  s: StatisticsScope,
  categoryIds: number[],
  managerIds: number[] | null,
) {
  if (categoryIds.length === 0 || managerIds?.length === 0) return [];
  let query = db
    .selectFrom('client_stage_stays')
    .select((eb) => [eb.fn.countAll().as('clients'), 'category_id'])
    .where('project_id', '=', s.projectId)
    .where('first_entry', '=', 1)
    .where('category_id', 'in', categoryIds)
    .where('entered_at', '>=', s.from)
    .where('entered_at', '<', s.to);
  if (managerIds === null) {
    const rows = await query.groupBy('category_id').execute();
    return rows.map((r) => ({ managerId: null, categoryId: r.category_id, clients: n(r.clients) }));
  }
  query = query.where('manager_id', 'in', managerIds);
  const rows = await query.select('manager_id').groupBy(['manager_id', 'category_id']).execute();
  return rows.map((r) => ({ managerId: r.manager_id, categoryId: r.category_id, clients: n(r.clients) }));
}

/**
 * Of the clients who entered each stage for the first time during the period (the chosen
 * manager's, or everyone's), how many then entered a later stage of the pipeline before the
 * period ended: the funnel's conversion, which so cannot pass 100 % (docs/product.md §9.2). A
 * client who skips a stage still went further. One grouped query over the funnel's index, each
 * entry probing the client's stays by time, both from indexes alone (migration
 * 2026_11_27_1800). A stage's place in the pipeline is a CASE of literal ids and ranks: integers
 * from the database, never text from a request.
 */
export async function wentFurther(db: Db, s: StatisticsScope, categoryIds: number[], lostIds: number[] = []) {
  if (categoryIds.length < 2) return new Map<number, number>();
  // A 'Отказ' stage ranks below every other: entering it is no step further.
  const lost = new Set(lostIds);
  const rank = (column: 'here.category_id' | 'later.category_id') =>
    sql<number>`case ${sql.ref(column)} ${sql.join(
      categoryIds.map((id, i) => sql`when ${sql.lit(id)} then ${sql.lit(lost.has(id) ? -1 : i)}`),
      sql` `,
    )} end`;
  let query = db
    .selectFrom('client_stage_stays as here')
    .select((eb) => ['here.category_id', eb.fn.countAll().as('clients')])
    .where('here.project_id', '=', s.projectId)
    .where('here.first_entry', '=', 1)
    .where('here.category_id', 'in', categoryIds.slice(0, -1))
    .where('here.entered_at', '>=', s.from)
    .where('here.entered_at', '<', s.to)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('client_stage_stays as later')
          .select('later.client_id')
          .whereRef('later.client_id', '=', 'here.client_id')
          .whereRef('later.entered_at', '>=', 'here.entered_at')
          .where('later.entered_at', '<', s.to)
          .where(sql<boolean>`${rank('later.category_id')} > ${rank('here.category_id')}`),
      ),
    )
    .groupBy('here.category_id');
  if (s.managerId !== null) query = query.where('here.manager_id', '=', s.managerId);
  const rows = await query.execute();
  return new Map(rows.map((r) => [r.category_id, n(r.clients)]));
}

/**
 * The clients added during the period per stage they are in now and per manager, with their
 * amounts: the page's sums per stage and each manager's deposits.
 */
export async function newClientsByCategory(db: Db, s: StatisticsScope) {
  let query = db
    .selectFrom('clients')
    .select((eb) => [
      'category_id',
      'manager_id',
      eb.fn.countAll().as('clients'),
      eb.fn.sum('amount').as('amount'),
    ])
    .where('project_id', '=', s.projectId)
    // Clients an import brought in are not the period's new clients (docs/decisions.md).
    .where('import_id', 'is', null)
    .where('created_at', '>=', s.from)
    .where('created_at', '<', s.to);
  if (s.managerId !== null) query = query.where('manager_id', '=', s.managerId);
  const rows = await query.groupBy(['category_id', 'manager_id']).execute();
  return rows.map((r) => ({
    categoryId: r.category_id,
    managerId: r.manager_id,
    clients: n(r.clients),
    amount: n(r.amount),
  }));
}

/**
 * New clients per slot of UTC time: `quarterHours` false groups by hour ('2026-11-24T05'), true
 * by quarter hour ('2026-11-24T05:15') for zones off the whole hour. The caller folds slots into
 * the project's days or months.
 */
export async function newClientsBySlot(db: Db, s: StatisticsScope, quarterHours: boolean) {
  const slot = quarterHours
    ? sql<string>`substr(created_at, 1, 14) || cast(cast(substr(created_at, 15, 2) as integer) / 15 * 15 as text)`
    : sql<string>`substr(created_at, 1, 13)`;
  let query = db
    .selectFrom('clients')
    .select((eb) => [slot.as('slot'), eb.fn.countAll().as('clients'), eb.fn.sum('amount').as('amount')])
    .where('project_id', '=', s.projectId)
    // Clients an import brought in are not the period's new clients (docs/decisions.md).
    .where('import_id', 'is', null)
    .where('created_at', '>=', s.from)
    .where('created_at', '<', s.to);
  if (s.managerId !== null) query = query.where('manager_id', '=', s.managerId);
  const rows = await query.groupBy(slot).execute();
  return rows.map((r) => ({ slot: r.slot, clients: n(r.clients), amount: n(r.amount) }));
}

/**
 * The median and 90th percentile of the stays that ended in the period, per stage: the
 * continuous percentile (linear between the two nearest stays), the same definition on both
 * databases, each computing it in its own aggregate (SQLite's percentile functions, PostgreSQL's
 * ordered-set aggregates): far cheaper than ranking the rows with window functions.
 */
export async function stageTimes(db: Db, dialect: Dialect, s: StatisticsScope) {
  const percentile = (p: number) =>
    dialect === 'postgres'
      ? sql`percentile_cont(${sql.lit(p)}) within group (order by seconds)`
      : sql`percentile_cont(seconds, ${sql.lit(p)})`;
  const managerFilter = s.managerId === null ? sql`` : sql`and manager_id = ${s.managerId}`;
  const { rows } = await sql<{ category_id: number; stays: unknown; median: unknown; p90: unknown }>`
    select category_id, count(*) as stays, ${percentile(0.5)} as median, ${percentile(0.9)} as p90
    from client_stage_stays
    where project_id = ${s.projectId} and left_at >= ${s.from} and left_at < ${s.to} ${managerFilter}
    group by category_id
  `.execute(db);
  return new Map(
    rows.map((r) => [
      r.category_id,
      { stays: n(r.stays), median: Math.round(n(r.median)), p90: Math.round(n(r.p90)) },
    ]),
  );
}

/**
 * Reminders that ended in the period (completed, expired, canceled) for the listed managers, per
 * manager and status: the index leads with both lists, so every cell is one range count.
 */
export async function endedReminders(db: Db, s: StatisticsScope, managerIds: number[]) {
  if (managerIds.length === 0) return [];
  const rows = await db
    .selectFrom('client_reminders')
    .select((eb) => ['manager_id', 'status', eb.fn.countAll().as('reminders')])
    .where('project_id', '=', s.projectId)
    .where('manager_id', 'in', managerIds)
    .where('status', 'in', ['completed', 'expired', 'canceled'])
    .where('status_changed_at', '>=', s.from)
    .where('status_changed_at', '<', s.to)
    .groupBy(['manager_id', 'status'])
    .execute();
  return rows.map((r) => ({ managerId: r.manager_id, status: r.status, reminders: n(r.reminders) }));
}

/** The project's members with their status (if any), names, and the goals of that status. */
export async function membersWithGoals(db: Db, projectId: number) {
  const [members, goals] = await Promise.all([
    db
      .selectFrom('project_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .leftJoin('statuses as s', 's.id', 'm.status_id')
      .select(['m.user_id', 'm.role', 'u.name', 'm.status_id', 's.name as status_name', 's.deposit_goal'])
      .where('m.project_id', '=', projectId)
      .orderBy('u.name')
      .orderBy('m.user_id')
      .execute(),
    db
      .selectFrom('status_goals')
      .select(['status_id', 'client_category_id', 'goal'])
      .where('project_id', '=', projectId)
      .execute(),
  ]);
  return { members, goals };
}

/**
 * Closings of the period (docs/product.md §9.2, "Won and lost"): first entries into the stages
 * that end the pipeline, per manager and stage, with the sum and count of the known times since
 * the client's first stage entry. The goals' index leads with the same columns.
 */
export async function closings(db: Db, s: StatisticsScope, outcomeIds: number[]) {
  if (outcomeIds.length === 0) return [];
  let query = db
    .selectFrom('client_stage_stays')
    .select((eb) => [
      'manager_id',
      'category_id',
      eb.fn.countAll().as('clients'),
      eb.fn.sum('seconds_from_start').as('seconds'),
      eb.fn.count('seconds_from_start').as('timed'),
    ])
    .where('project_id', '=', s.projectId)
    .where('first_entry', '=', 1)
    .where('category_id', 'in', outcomeIds)
    .where('entered_at', '>=', s.from)
    .where('entered_at', '<', s.to);
  if (s.managerId !== null) query = query.where('manager_id', '=', s.managerId);
  const rows = await query.groupBy(['manager_id', 'category_id']).execute();
  return rows.map((r) => ({
    managerId: r.manager_id,
    categoryId: r.category_id,
    clients: n(r.clients),
    seconds: n(r.seconds),
    timed: n(r.timed),
  }));
}

/**
 * The reasons of the period's losses (first entries into 'Отказ' stages): per reason of the list
 * (with its name at the move), the own texts together, and those without a reason.
 */
export async function lossReasonCounts(db: Db, s: StatisticsScope, lostIds: number[]) {
  if (lostIds.length === 0) return [];
  let query = db
    .selectFrom('client_stage_stays')
    .select((eb) => [
      'loss_reason_id',
      eb.fn.max('loss_reason').as('name'),
      eb.fn.countAll().as('clients'),
      sql<number>`case when loss_reason is null then 0 else 1 end`.as('given'),
    ])
    .where('project_id', '=', s.projectId)
    .where('first_entry', '=', 1)
    .where('category_id', 'in', lostIds)
    .where('entered_at', '>=', s.from)
    .where('entered_at', '<', s.to);
  if (s.managerId !== null) query = query.where('manager_id', '=', s.managerId);
  const rows = await query
    .groupBy(['loss_reason_id', sql`case when loss_reason is null then 0 else 1 end`])
    .execute();
  return rows.map((r) => ({
    reasonId: r.loss_reason_id,
    name: r.name,
    given: n(r.given) === 1,
    clients: n(r.clients),
  }));
}
