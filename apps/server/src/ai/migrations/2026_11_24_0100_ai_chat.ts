import { type AnyDb, withId } from '../../db/migrations/helpers.js';

/**
 * The AI chat: question groups, their questions (with a select's options) and prompts made of a
 * group's questions, per project; and each person's chats with their answers and messages.
 * A group takes its questions and prompts with it; a deleted question leaves its prompts.
 * A chat keeps its title, answers (with the question's text) and system prompt as they were when
 * it began, so deleting the prompt or its questions later leaves it readable and usable.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('ai_question_groups'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ai_question_groups_project_idx')
    .on('ai_question_groups')
    .column('project_id')
    .execute();

  await withId(db, db.schema.createTable('ai_questions'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) =>
      c.notNull().references('ai_question_groups.id').onDelete('cascade'),
    )
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('field_type', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ai_questions_project_idx').on('ai_questions').column('project_id').execute();
  await db.schema
    .createIndex('ai_questions_group_idx')
    .on('ai_questions')
    .columns(['group_id', 'position', 'id'])
    .execute();

  await withId(db, db.schema.createTable('ai_question_options'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('ai_questions.id').onDelete('cascade'))
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ai_question_options_question_idx')
    .on('ai_question_options')
    .columns(['question_id', 'position'])
    .execute();

  await withId(db, db.schema.createTable('ai_prompts'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) =>
      c.notNull().references('ai_question_groups.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ai_prompts_project_idx')
    .on('ai_prompts')
    .columns(['project_id', 'group_id'])
    .execute();
  await db.schema.createIndex('ai_prompts_group_idx').on('ai_prompts').column('group_id').execute();

  await db.schema
    .createTable('ai_prompt_questions')
    .addColumn('prompt_id', 'integer', (c) => c.notNull().references('ai_prompts.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('ai_questions.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('ai_prompt_questions_pk', ['prompt_id', 'question_id'])
    .execute();
  await db.schema
    .createIndex('ai_prompt_questions_question_idx')
    .on('ai_prompt_questions')
    .column('question_id')
    .execute();

  await withId(db, db.schema.createTable('ai_chats'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('prompt_id', 'integer', (c) => c.references('ai_prompts.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('system_prompt', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ai_chats_user_idx')
    .on('ai_chats')
    .columns(['project_id', 'user_id', 'updated_at'])
    .execute();
  await db.schema.createIndex('ai_chats_prompt_idx').on('ai_chats').column('prompt_id').execute();

  await withId(db, db.schema.createTable('ai_chat_answers'))
    .addColumn('chat_id', 'integer', (c) => c.notNull().references('ai_chats.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.references('ai_questions.id').onDelete('set null'))
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ai_chat_answers_chat_idx')
    .on('ai_chat_answers')
    .columns(['chat_id', 'position'])
    .execute();
  await db.schema
    .createIndex('ai_chat_answers_question_idx')
    .on('ai_chat_answers')
    .column('question_id')
    .execute();

  await withId(db, db.schema.createTable('ai_chat_messages'))
    .addColumn('chat_id', 'integer', (c) => c.notNull().references('ai_chats.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ai_chat_messages_chat_idx')
    .on('ai_chat_messages')
    .columns(['chat_id', 'id'])
    .execute();
}
