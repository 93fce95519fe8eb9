import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../db/database.js';
import './ai.tables.js';
import type { AiPromptsTable, AiQuestionGroupsTable, AiQuestionsTable } from './ai.tables.js';

// ---- groups

export const listGroupRows = (db: Db, projectId: number) =>
  db.selectFrom('ai_question_groups').select(['id', 'name']).where('project_id', '=', projectId).execute();

export const findGroup = (db: Db, projectId: number, id: number) =>
  db
    .selectFrom('ai_question_groups')
    .select(['id', 'name'])
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();

export const insertGroup = (db: Db, row: Insertable<AiQuestionGroupsTable>) =>
  db.insertInto('ai_question_groups').values(row).returning(['id', 'name']).executeTakeFirstOrThrow();

export const updateGroupRow = (db: Db, id: number, values: Updateable<AiQuestionGroupsTable>) =>
  db.updateTable('ai_question_groups').set(values).where('id', '=', id).execute();

export const deleteGroupRow = (db: Db, id: number) =>
  db.deleteFrom('ai_question_groups').where('id', '=', id).execute();

// ---- questions

/** Questions with their group's name, of the project, optionally only these ids or one group. */
export const listQuestionRows = (
  db: Db,
  projectId: number,
  filter: { ids?: number[]; groupId?: number } = {},
) => {
  let q = db
    .selectFrom('ai_questions as q')
    .innerJoin('ai_question_groups as g', 'g.id', 'q.group_id')
    .select([
      'q.id',
      'q.question',
      'q.field_type',
      'q.position',
      'q.prompt',
      'q.group_id',
      'q.description',
      'g.name as group_name',
    ])
    .where('q.project_id', '=', projectId);
  if (filter.ids) {
    if (filter.ids.length === 0) return Promise.resolve([]);
    q = q.where('q.id', 'in', filter.ids);
  }
  if (filter.groupId !== undefined) q = q.where('q.group_id', '=', filter.groupId);
  return q.orderBy('q.position').orderBy('q.id').execute();
};
export type QuestionRow = Awaited<ReturnType<typeof listQuestionRows>>[number];

export const listOptionRows = (db: Db, questionIds: number[]) =>
  questionIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('ai_question_options')
        .select(['id', 'question_id', 'value'])
        .where('question_id', 'in', questionIds)
        .orderBy('question_id')
        .orderBy('position')
        .orderBy('id')
        .execute();
export type OptionRow = Awaited<ReturnType<typeof listOptionRows>>[number];

export const insertQuestion = (db: Db, row: Insertable<AiQuestionsTable>) =>
  db.insertInto('ai_questions').values(row).returning('id').executeTakeFirstOrThrow();

export const updateQuestionRow = (db: Db, id: number, values: Updateable<AiQuestionsTable>) =>
  db.updateTable('ai_questions').set(values).where('id', '=', id).execute();

export const deleteQuestionRow = (db: Db, id: number) =>
  db.deleteFrom('ai_questions').where('id', '=', id).execute();

export const optionIdsOf = async (db: Db, questionId: number) =>
  (
    await db.selectFrom('ai_question_options').select('id').where('question_id', '=', questionId).execute()
  ).map((row) => row.id);

/**
 * Makes the question's options these, in this order: one with an id (checked to be the
 * question's) keeps it, one without is added, one left out is deleted.
 */
export async function saveOptions(
  db: Db,
  questionId: number,
  options: { id?: number | undefined; value: string }[],
) {
  const kept = options.flatMap((o) => (o.id === undefined ? [] : [o.id]));
  let gone = db.deleteFrom('ai_question_options').where('question_id', '=', questionId);
  if (kept.length > 0) gone = gone.where('id', 'not in', kept);
  await gone.execute();
  for (const [position, option] of options.entries()) {
    if (option.id === undefined) {
      await db
        .insertInto('ai_question_options')
        .values({ question_id: questionId, value: option.value, position })
        .execute();
    } else {
      await db
        .updateTable('ai_question_options')
        .set({ value: option.value, position })
        .where('id', '=', option.id)
        .execute();
    }
  }
}

/** How many questions and prompts a group holds (named in its deletion's history entry). */
export async function countGroupContents(db: Db, groupId: number) {
  const questions = await db
    .selectFrom('ai_questions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('group_id', '=', groupId)
    .executeTakeFirstOrThrow();
  const prompts = await db
    .selectFrom('ai_prompts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('group_id', '=', groupId)
    .executeTakeFirstOrThrow();
  return { questions: Number(questions.n), prompts: Number(prompts.n) };
}

// ---- prompts

export const listPromptRows = (
  db: Db,
  projectId: number,
  filter: { ids?: number[]; groupId?: number } = {},
) => {
  let q = db
    .selectFrom('ai_prompts as p')
    .innerJoin('ai_question_groups as g', 'g.id', 'p.group_id')
    .select(['p.id', 'p.name', 'p.group_id', 'g.name as group_name'])
    .where('p.project_id', '=', projectId);
  if (filter.ids) {
    if (filter.ids.length === 0) return Promise.resolve([]);
    q = q.where('p.id', 'in', filter.ids);
  }
  if (filter.groupId !== undefined) q = q.where('p.group_id', '=', filter.groupId);
  return q.orderBy('p.id').execute();
};
export type PromptRow = Awaited<ReturnType<typeof listPromptRows>>[number];

/** The prompts' question ids in the order they were added. */
export const listPromptQuestionRows = (db: Db, promptIds: number[]) =>
  promptIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('ai_prompt_questions')
        .select(['prompt_id', 'question_id'])
        .where('prompt_id', 'in', promptIds)
        .orderBy('prompt_id')
        .orderBy('position')
        .execute();

/** The prompts (id, name) that hold a question. */
export const promptsWithQuestion = (db: Db, questionId: number) =>
  db
    .selectFrom('ai_prompt_questions as pq')
    .innerJoin('ai_prompts as p', 'p.id', 'pq.prompt_id')
    .select(['p.id', 'p.name'])
    .where('pq.question_id', '=', questionId)
    .orderBy('p.id')
    .execute();

export const removeQuestionFromPrompts = (db: Db, questionId: number) =>
  db.deleteFrom('ai_prompt_questions').where('question_id', '=', questionId).execute();

export const insertPrompt = (db: Db, row: Insertable<AiPromptsTable>) =>
  db.insertInto('ai_prompts').values(row).returning('id').executeTakeFirstOrThrow();

export const updatePromptRow = (db: Db, id: number, values: Updateable<AiPromptsTable>) =>
  db.updateTable('ai_prompts').set(values).where('id', '=', id).execute();

export const deletePromptRow = (db: Db, id: number) =>
  db.deleteFrom('ai_prompts').where('id', '=', id).execute();

export async function replacePromptQuestions(db: Db, promptId: number, questionIds: number[]) {
  await db.deleteFrom('ai_prompt_questions').where('prompt_id', '=', promptId).execute();
  if (questionIds.length === 0) return;
  await db
    .insertInto('ai_prompt_questions')
    .values(questionIds.map((question_id, position) => ({ prompt_id: promptId, question_id, position })))
    .execute();
}
