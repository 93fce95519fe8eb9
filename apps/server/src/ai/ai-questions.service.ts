import {
  AI_GROUP_NOT_FOUND,
  AI_OPTION_NOT_FOUND,
  AI_PROMPT_NOT_FOUND,
  AI_QUESTION_NOT_FOUND,
  AI_QUESTION_OTHER_GROUP,
  type AiFieldType,
  type AiGroup,
  type AiPrompt,
  type AiQuestion,
  type AiQuestionsByGroup,
  type aiEndpoints,
  type BodyOf,
} from '@crm/contract';
import type { Db } from '../db/database.js';
import { transaction } from '../db/transaction.js';
import type { AppDeps } from '../deps.js';
import type { Actor } from '../http/actor.js';
import { invalidField, notFound } from '../http/app-error.js';
import {
  countGroupContents,
  deleteGroupRow,
  deletePromptRow,
  deleteQuestionRow,
  findGroup,
  insertGroup,
  insertPrompt,
  insertQuestion,
  listGroupRows,
  listOptionRows,
  listPromptQuestionRows,
  listPromptRows,
  listQuestionRows,
  promptsWithQuestion,
  removeQuestionFromPrompts,
  optionIdsOf,
  saveOptions,
  replacePromptQuestions,
  updateGroupRow,
  updatePromptRow,
  updateQuestionRow,
  type OptionRow,
  type QuestionRow,
} from './ai-questions.repository.js';

type Api = typeof aiEndpoints;

const collator = new Intl.Collator('ru', { numeric: true, sensitivity: 'base' });
const byName = <T extends { id: number; name: string }>(a: T, b: T) =>
  collator.compare(a.name, b.name) || a.id - b.id;

const FIELD_TYPE_NAMES: Record<AiFieldType, string> = {
  text: 'строка',
  select: 'выбор из списка',
  textarea: 'текст',
};

const quoted = (names: string[]) => names.map((n) => `«${n}»`).join(', ');

/** Keeps the first of equal values (options, a prompt's question ids): a repeat adds nothing. */
const unique = <T>(values: T[]) => [...new Set(values)];

// ---- views

const toQuestion = (row: QuestionRow, options: OptionRow[]): AiQuestion => ({
  id: row.id,
  question: row.question,
  field_type: row.field_type,
  order: row.position,
  options: options.filter((o) => o.question_id === row.id).map((o) => ({ id: o.id, value: o.value })),
  prompt: row.prompt,
  group_id: row.group_id,
  description: row.description,
  group: { name: row.group_name },
});

/** Questions as the API answers them, by `order` then id (or in the order of `ids` when given). */
export async function loadQuestions(
  db: Db,
  projectId: number,
  filter: { ids?: number[]; groupId?: number } = {},
) {
  const rows = await listQuestionRows(db, projectId, filter);
  const options = await listOptionRows(
    db,
    rows.map((r) => r.id),
  );
  const questions = rows.map((r) => toQuestion(r, options));
  if (!filter.ids) return questions;
  const byId = new Map(questions.map((q) => [q.id, q]));
  return filter.ids.flatMap((id) => byId.get(id) ?? []);
}

async function loadQuestion(db: Db, projectId: number, id: number) {
  const [question] = await loadQuestions(db, projectId, { ids: [id] });
  if (!question) throw notFound(AI_QUESTION_NOT_FOUND);
  return question;
}

/** Prompts with their question ids (added order), by name. */
export async function loadPrompts(
  db: Db,
  projectId: number,
  filter: { ids?: number[]; groupId?: number } = {},
) {
  const rows = await listPromptRows(db, projectId, filter);
  const links = await listPromptQuestionRows(
    db,
    rows.map((r) => r.id),
  );
  return rows
    .map((r) => ({
      prompt: {
        id: r.id,
        name: r.name,
        questions: links.filter((l) => l.prompt_id === r.id).map((l) => l.question_id),
        ai_initial_question_group_id: r.group_id,
      } satisfies AiPrompt,
      groupName: r.group_name,
    }))
    .sort((a, b) => byName(a.prompt, b.prompt));
}

async function loadPrompt(db: Db, projectId: number, id: number) {
  const [found] = await loadPrompts(db, projectId, { ids: [id] });
  if (!found) throw notFound(AI_PROMPT_NOT_FOUND);
  return found;
}

// ---- reads (any member: the chat's form needs them)

export async function listGroups({ db }: AppDeps, projectId: number): Promise<AiGroup[]> {
  return (await listGroupRows(db, projectId)).sort(byName);
}

export async function questionsByGroup({ db }: AppDeps, projectId: number): Promise<AiQuestionsByGroup> {
  const groups = (await listGroupRows(db, projectId)).sort(byName);
  const questions = await loadQuestions(db, projectId);
  return groups.map((g) => ({ ...g, questions: questions.filter((q) => q.group_id === g.id) }));
}

export const getQuestion = ({ db }: AppDeps, projectId: number, id: number) =>
  loadQuestion(db, projectId, id);

export async function listPrompts({ db }: AppDeps, projectId: number, groupId?: number): Promise<AiPrompt[]> {
  return (await loadPrompts(db, projectId, groupId === undefined ? {} : { groupId })).map((p) => p.prompt);
}

// ---- groups (admins)

export function createGroup(deps: AppDeps, actor: Actor, body: BodyOf<Api['createGroup']>) {
  return transaction(deps, async (tx) => {
    const now = tx.now.toISOString();
    const group = await insertGroup(tx.db, {
      project_id: actor.projectId,
      name: body.name,
      created_at: now,
      updated_at: now,
    });
    await tx.record({
      ...actor,
      kind: 'ai_question_group.created',
      subjectType: 'ai_question_group',
      subjectId: group.id,
      message: `Создана группа AI-вопросов «${group.name}»`,
      before: null,
      after: group,
    });
    return group;
  });
}

export function updateGroup(deps: AppDeps, actor: Actor, id: number, body: BodyOf<Api['updateGroup']>) {
  return transaction(deps, async (tx) => {
    const before = await findGroup(tx.db, actor.projectId, id);
    if (!before) throw notFound(AI_GROUP_NOT_FOUND);
    await updateGroupRow(tx.db, id, { name: body.name, updated_at: tx.now.toISOString() });
    const after = { id, name: body.name };
    await tx.record({
      ...actor,
      kind: 'ai_question_group.updated',
      subjectType: 'ai_question_group',
      subjectId: id,
      message:
        before.name === after.name
          ? `Сохранена группа AI-вопросов «${after.name}» без изменений`
          : `Группа AI-вопросов «${before.name}» переименована в «${after.name}»`,
      before,
      after,
    });
    return after;
  });
}

/** A group goes with its questions and prompts; chats begun from them keep what they were given. */
export function deleteGroup(deps: AppDeps, actor: Actor, id: number) {
  return transaction(deps, async (tx) => {
    const group = await findGroup(tx.db, actor.projectId, id);
    if (!group) throw notFound(AI_GROUP_NOT_FOUND);
    const { questions, prompts } = await countGroupContents(tx.db, id);
    await deleteGroupRow(tx.db, id);
    await tx.record({
      ...actor,
      kind: 'ai_question_group.deleted',
      subjectType: 'ai_question_group',
      subjectId: id,
      message: `Удалена группа AI-вопросов «${group.name}» вместе с её вопросами (${questions}) и промптами (${prompts})`,
      before: { ...group, questions, prompts },
      after: null,
    });
    return { ok: true as const };
  });
}

// ---- questions (admins)

/**
 * A select's options, each value once (the first kept); other types keep none. An option's id
 * must be one of the question's own (`existing`): another → 422 on it.
 */
const optionsOf = (body: BodyOf<Api['createQuestion']>, existing: number[] = []) => {
  if (body.field_type !== 'select') return [];
  const seen = new Set<string>();
  return body.options.flatMap((option, i) => {
    if (option.id !== undefined && !existing.includes(option.id)) {
      throw invalidField(`options.${i}.id`, AI_OPTION_NOT_FOUND);
    }
    if (seen.has(option.value)) return [];
    seen.add(option.value);
    return [option];
  });
};

export function createQuestion(deps: AppDeps, actor: Actor, body: BodyOf<Api['createQuestion']>) {
  return transaction(deps, async (tx) => {
    const group = await findGroup(tx.db, actor.projectId, body.group_id);
    if (!group) throw invalidField('group_id', AI_GROUP_NOT_FOUND);
    const now = tx.now.toISOString();
    const { id } = await insertQuestion(tx.db, {
      project_id: actor.projectId,
      group_id: group.id,
      question: body.question,
      field_type: body.field_type,
      position: body.order,
      prompt: body.prompt,
      description: body.description || null,
      created_at: now,
      updated_at: now,
    });
    await saveOptions(tx.db, id, optionsOf(body));
    const view = await loadQuestion(tx.db, actor.projectId, id);
    await tx.record({
      ...actor,
      kind: 'ai_question.created',
      subjectType: 'ai_question',
      subjectId: id,
      message: `Создан AI-вопрос «${view.question}» (${FIELD_TYPE_NAMES[view.field_type]}) в группе «${group.name}»`,
      before: null,
      after: view,
    });
    return view;
  });
}

/**
 * Edits a question. Moved to another group, it leaves the prompts of its old one (a prompt holds
 * only its own group's questions).
 */
export function updateQuestion(deps: AppDeps, actor: Actor, id: number, body: BodyOf<Api['updateQuestion']>) {
  return transaction(deps, async (tx) => {
    const before = await loadQuestion(tx.db, actor.projectId, id);
    const group = await findGroup(tx.db, actor.projectId, body.group_id);
    if (!group) throw invalidField('group_id', AI_GROUP_NOT_FOUND);
    const moved = group.id !== before.group_id;
    const leftPrompts = moved ? await promptsWithQuestion(tx.db, id) : [];
    if (moved) await removeQuestionFromPrompts(tx.db, id);
    await updateQuestionRow(tx.db, id, {
      group_id: group.id,
      question: body.question,
      field_type: body.field_type,
      position: body.order,
      prompt: body.prompt,
      description: body.description || null,
      updated_at: tx.now.toISOString(),
    });
    await saveOptions(tx.db, id, optionsOf(body, await optionIdsOf(tx.db, id)));
    const view = await loadQuestion(tx.db, actor.projectId, id);
    const parts = [`Изменён AI-вопрос «${view.question}»`];
    if (moved) parts.push(`перенесён из группы «${before.group.name}» в «${group.name}»`);
    if (leftPrompts.length > 0) parts.push(`убран из промптов ${quoted(leftPrompts.map((p) => p.name))}`);
    await tx.record({
      ...actor,
      kind: 'ai_question.updated',
      subjectType: 'ai_question',
      subjectId: id,
      message: parts.join('; '),
      before,
      after: view,
    });
    return view;
  });
}

/** A deleted question leaves the prompts that held it; chats keep its text with their answers. */
export function deleteQuestion(deps: AppDeps, actor: Actor, id: number) {
  return transaction(deps, async (tx) => {
    const before = await loadQuestion(tx.db, actor.projectId, id);
    const prompts = await promptsWithQuestion(tx.db, id);
    await deleteQuestionRow(tx.db, id);
    await tx.record({
      ...actor,
      kind: 'ai_question.deleted',
      subjectType: 'ai_question',
      subjectId: id,
      message:
        `Удалён AI-вопрос «${before.question}» из группы «${before.group.name}»` +
        (prompts.length > 0 ? `; убран из промптов ${quoted(prompts.map((p) => p.name))}` : ''),
      before,
      after: null,
    });
    return { ok: true as const };
  });
}

// ---- prompts (admins)

/** The prompt's group and questions: the project's, the questions of that group, each once. */
async function checkPrompt(db: Db, projectId: number, body: BodyOf<Api['createPrompt']>) {
  const group = await findGroup(db, projectId, body.ai_initial_question_group_id);
  if (!group) throw invalidField('ai_initial_question_group_id', AI_GROUP_NOT_FOUND);
  const rows = await listQuestionRows(db, projectId, { ids: unique(body.questions) });
  for (const [i, id] of body.questions.entries()) {
    const row = rows.find((r) => r.id === id);
    if (!row) throw invalidField(`questions.${i}`, AI_QUESTION_NOT_FOUND);
    if (row.group_id !== group.id) throw invalidField(`questions.${i}`, AI_QUESTION_OTHER_GROUP);
  }
  return { group, questionIds: unique(body.questions), rows };
}

const describePrompt = (name: string, groupName: string, questions: number) =>
  `«${name}» (группа «${groupName}», вопросов: ${questions})`;

export function createPrompt(deps: AppDeps, actor: Actor, body: BodyOf<Api['createPrompt']>) {
  return transaction(deps, async (tx) => {
    const { group, questionIds } = await checkPrompt(tx.db, actor.projectId, body);
    const now = tx.now.toISOString();
    const { id } = await insertPrompt(tx.db, {
      project_id: actor.projectId,
      group_id: group.id,
      name: body.name,
      created_at: now,
      updated_at: now,
    });
    await replacePromptQuestions(tx.db, id, questionIds);
    const { prompt } = await loadPrompt(tx.db, actor.projectId, id);
    await tx.record({
      ...actor,
      kind: 'ai_prompt.created',
      subjectType: 'ai_prompt',
      subjectId: id,
      message: `Создан промпт ${describePrompt(prompt.name, group.name, prompt.questions.length)}`,
      before: null,
      after: prompt,
    });
    return prompt;
  });
}

export function updatePrompt(deps: AppDeps, actor: Actor, id: number, body: BodyOf<Api['updatePrompt']>) {
  return transaction(deps, async (tx) => {
    const { prompt: before } = await loadPrompt(tx.db, actor.projectId, id);
    const { group, questionIds } = await checkPrompt(tx.db, actor.projectId, body);
    await updatePromptRow(tx.db, id, {
      name: body.name,
      group_id: group.id,
      updated_at: tx.now.toISOString(),
    });
    await replacePromptQuestions(tx.db, id, questionIds);
    const { prompt } = await loadPrompt(tx.db, actor.projectId, id);
    await tx.record({
      ...actor,
      kind: 'ai_prompt.updated',
      subjectType: 'ai_prompt',
      subjectId: id,
      message: `Изменён промпт ${describePrompt(prompt.name, group.name, prompt.questions.length)}`,
      before,
      after: prompt,
    });
    return prompt;
  });
}

/** Chats begun from a deleted prompt stay, with their title, answers and system prompt. */
export function deletePrompt(deps: AppDeps, actor: Actor, id: number) {
  return transaction(deps, async (tx) => {
    const { prompt, groupName } = await loadPrompt(tx.db, actor.projectId, id);
    await deletePromptRow(tx.db, id);
    await tx.record({
      ...actor,
      kind: 'ai_prompt.deleted',
      subjectType: 'ai_prompt',
      subjectId: id,
      message: `Удалён промпт ${describePrompt(prompt.name, groupName, prompt.questions.length)}`,
      before: prompt,
      after: null,
    });
    return { ok: true as const };
  });
}
