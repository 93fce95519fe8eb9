import { sql } from 'kysely';
import { type AnyDb, isPostgres, withId } from '../../db/migrations/helpers.js';

/**
 * Each stage's clients and sum of amounts, per manager, kept as the clients change, so a whole
 * board's column heads are read from a few hundred rows instead of counting every client
 * (docs/decisions.md, issue 30, "Column totals"). Triggers on `clients` append each change to
 * `client_total_changes` (+1 and the amount in, −1 and the amount out); only an insert, so two
 * moves in opposite directions never wait for each other. A job folds the changes into
 * `client_stage_totals` now and then; a reader adds the changes not folded yet.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('client_stage_totals')
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('manager_id', 'integer', (c) => c.notNull())
    .addColumn('clients', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('client_stage_totals_pk', ['project_id', 'manager_id', 'category_id'])
    .execute();
  await withId(db, db.schema.createTable('client_total_changes'))
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('manager_id', 'integer', (c) => c.notNull())
    .addColumn('clients', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('client_total_changes_project_idx')
    .on('client_total_changes')
    .columns(['project_id', 'manager_id'])
    .execute();

  const values = (row: 'new' | 'old', sign: 1 | -1) =>
    sql.raw(
      `(${row}.project_id, ${row}.category_id, ${row}.manager_id, ${sign}, ${sign === 1 ? '' : '-'}${row}.amount)`,
    );
  const into = sql`insert into client_total_changes (project_id, category_id, manager_id, clients, amount) values`;
  const moved = sql`old.project_id <> new.project_id or old.category_id <> new.category_id
    or old.manager_id <> new.manager_id or old.amount <> new.amount`;
  if (isPostgres(db)) {
    await sql`create function client_totals_changed() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then ${into} ${values('old', -1)}; end if;
        if tg_op <> 'DELETE' then ${into} ${values('new', 1)}; end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger client_totals_on_insert_delete after insert or delete on clients
      for each row execute function client_totals_changed()`.execute(db);
    await sql`create trigger client_totals_on_update after update on clients
      for each row when (${moved}) execute function client_totals_changed()`.execute(db);
  } else {
    await sql`create trigger client_totals_on_insert after insert on clients begin
      ${into} ${values('new', 1)}; end`.execute(db);
    await sql`create trigger client_totals_on_delete after delete on clients begin
      ${into} ${values('old', -1)}; end`.execute(db);
    await sql`create trigger client_totals_on_update after update of project_id, category_id, manager_id, amount
      on clients when ${moved} begin
      ${into} ${values('old', -1)}, ${values('new', 1)}; end`.execute(db);
  }
  await sql`insert into client_stage_totals (project_id, category_id, manager_id, clients, amount)
    select project_id, category_id, manager_id, count(*), sum(amount) from clients
    group by project_id, category_id, manager_id`.execute(db);
}
