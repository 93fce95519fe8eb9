import { type AnyDb, withId } from '../../db/migrations/helpers.js';

/**
 * A project's API keys. Each acts through its own technical user (`user_id`: the history names
 * it 'API-ключ «…»') and one access token of kind 'api_key' (`token_id`, deleted on revocation;
 * the row stays, revoked, for what the history says it did). docs/decisions.md, "API keys".
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('api_keys'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('token_id', 'integer')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('expires_on', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('api_keys_project_idx').on('api_keys').columns(['project_id', 'revoked_at']).execute();
}
