import { type AnyDb, withId } from './helpers.js';

export async function up(db: AnyDb): Promise<void> {
  // Email verification and password recovery links: the same single-use shape.
  for (const table of ['email_verifications', 'password_resets']) {
    await withId(db, db.schema.createTable(table))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex(`${table}_user_idx`).on(table).columns(['user_id', 'created_at']).execute();
  }

  await withId(db, db.schema.createTable('login_failures'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_key_idx')
    .on('login_failures')
    .columns(['email', 'ip', 'created_at'])
    .execute();
  await db.schema.createIndex('login_failures_time_idx').on('login_failures').column('created_at').execute();

  await db.schema
    .createTable('oauth_states')
    .addColumn('state', 'text', (c) => c.primaryKey())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
