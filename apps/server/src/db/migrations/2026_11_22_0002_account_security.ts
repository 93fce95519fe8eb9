import { type AnyDb, withId } from './helpers.js';

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('email_verifications'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('email_verifications_user_idx')
    .on('email_verifications')
    .columns(['user_id', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('password_resets'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('password_resets_user_idx')
    .on('password_resets')
    .columns(['user_id', 'created_at'])
    .execute();

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
