import { type AnyDb, withId } from '../../db/migrations/helpers.js';

/**
 * Conversations (a question about a client, one per client), their messages, and how far each
 * person has read each one. The list sorts by `last_message_at`; messages page by id.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('conversations'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('manager_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('last_message_id', 'integer')
    .addColumn('last_message_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('conversations_client_idx')
    .unique()
    .on('conversations')
    .column('client_id')
    .execute();
  await db.schema
    .createIndex('conversations_project_latest_idx')
    .on('conversations')
    .columns(['project_id', 'last_message_at', 'id'])
    .execute();
  await db.schema
    .createIndex('conversations_manager_latest_idx')
    .on('conversations')
    .columns(['manager_id', 'project_id', 'last_message_at', 'id'])
    .execute();

  await withId(db, db.schema.createTable('conversation_messages'))
    .addColumn('conversation_id', 'integer', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('from_admin', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('conversation_messages_conversation_idx')
    .on('conversation_messages')
    .columns(['conversation_id', 'from_admin', 'id'])
    .execute();

  await db.schema
    .createTable('conversation_reads')
    .addColumn('conversation_id', 'integer', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_read_message_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('conversation_reads_pk', ['conversation_id', 'user_id'])
    .execute();
}
