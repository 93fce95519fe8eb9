import type { ClueType } from '@crm/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import '../clients.tables.js';
import './categories.tables.js';

const categoryColumns = [
  'id',
  'name',
  'color',
  'next_category_id',
  'duration',
  'position',
  'outcome',
] as const;

/**
 * The project's stages in the pipeline's order: the ordinary ones by position, then those that
 * end it ('Успех', 'Отказ') by theirs, wherever they were put (docs/decisions.md, issue 30).
 */
export const listCategories = (db: Db, projectId: number) =>
  db
    .selectFrom('client_categories')
    .select(categoryColumns)
    .where('project_id', '=', projectId)
    .orderBy(sql`case when outcome is null then 0 else 1 end`)
    .orderBy('position')
    .orderBy('id')
    .execute();

/** How many stages of the project end it with this outcome. */
export const countOutcomeStages = async (db: Db, projectId: number, outcome: 'won' | 'lost') => {
  const row = await db
    .selectFrom('client_categories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId)
    .where('outcome', '=', outcome)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

export const findCategory = (db: Db, projectId: number, id: number) =>
  db
    .selectFrom('client_categories')
    .select(categoryColumns)
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();

/**
 * Reads a category of the project and holds its row until the transaction ends (on PostgreSQL
 * the no-op update takes the row lock; SQLite runs one write transaction at a time anyway): a
 * client is put into it, or it is deleted, one after the other, never both at once.
 */
export const lockCategory = (db: Db, projectId: number, id: number) =>
  db
    .updateTable('client_categories')
    .set((eb) => ({ position: eb.ref('position') }))
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .returning(categoryColumns)
    .executeTakeFirst();

export const findCategoryByNameKey = (db: Db, projectId: number, nameKey: string) =>
  db
    .selectFrom('client_categories')
    .select('id')
    .where('project_id', '=', projectId)
    .where('name_key', '=', nameKey)
    .executeTakeFirst();

/** Which of these ids are categories of the project. */
export const existingCategoryIds = async (db: Db, projectId: number, ids: number[]) => {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('client_categories')
    .select('id')
    .where('project_id', '=', projectId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.id));
};

export const categoryStats = async (db: Db, projectId: number) => {
  const row = await db
    .selectFrom('client_categories')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('position').as('last')])
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), lastPosition: row.last === null ? -1 : Number(row.last) };
};

export const insertCategory = (
  db: Db,
  values: {
    projectId: number;
    name: string;
    nameKey: string;
    color: string;
    nextCategoryId: number | null;
    duration: number;
    position: number;
    outcome: 'won' | 'lost' | null;
    now: string;
  },
) =>
  db
    .insertInto('client_categories')
    .values({
      project_id: values.projectId,
      name: values.name,
      name_key: values.nameKey,
      color: values.color,
      next_category_id: values.nextCategoryId,
      duration: values.duration,
      position: values.position,
      outcome: values.outcome,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning(categoryColumns)
    .executeTakeFirstOrThrow();

export const updateCategoryFields = (
  db: Db,
  projectId: number,
  id: number,
  values: {
    name: string;
    name_key: string;
    color?: string;
    next_category_id?: number | null;
    duration?: number;
    outcome?: 'won' | 'lost' | null;
    updated_at: string;
  },
) =>
  db
    .updateTable('client_categories')
    .set(values)
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .returning(categoryColumns)
    .executeTakeFirstOrThrow();

export const setCategoryPosition = (db: Db, projectId: number, id: number, position: number) =>
  db
    .updateTable('client_categories')
    .set({ position })
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .execute();

export const deleteCategoryRow = (db: Db, projectId: number, id: number) =>
  db.deleteFrom('client_categories').where('project_id', '=', projectId).where('id', '=', id).execute();

/** The categories that lead to this one (their clients would be moved into it). */
export const listCategoriesLeadingTo = (db: Db, projectId: number, id: number) =>
  db
    .selectFrom('client_categories')
    .select(['id', 'name'])
    .where('project_id', '=', projectId)
    .where('next_category_id', '=', id)
    .orderBy('position')
    .execute();

export const clearNextCategory = (db: Db, projectId: number, id: number) =>
  db
    .updateTable('client_categories')
    .set({ next_category_id: null })
    .where('project_id', '=', projectId)
    .where('next_category_id', '=', id)
    .execute();

/** Clients per category, the non-empty ones (the clients' project and category index). */
export const countClientsByCategory = async (db: Db, projectId: number) => {
  const rows = await db
    .selectFrom('clients')
    .select((eb) => ['category_id', eb.fn.countAll().as('clients')])
    .where('project_id', '=', projectId)
    .groupBy('category_id')
    .execute();
  // PostgreSQL answers count() as a string (bigint).
  return rows.map((r) => ({ category_id: r.category_id, clients: Number(r.clients) }));
};

export const countClientsIn = async (db: Db, projectId: number, categoryId: number) => {
  const row = await db
    .selectFrom('clients')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId)
    .where('category_id', '=', categoryId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

/**
 * The categories whose clients move on by themselves, in every project (the scheduler's pass):
 * a duration and a next category.
 */
export const listProgressingCategories = (db: Db) =>
  db
    .selectFrom('client_categories')
    .select(['id', 'project_id', 'duration', 'next_category_id'])
    .where('duration', '>', 0)
    .where('next_category_id', 'is not', null)
    // A stage that ends the pipeline moves no one on (docs/decisions.md, issue 30).
    .where('outcome', 'is', null)
    .orderBy('id')
    .execute();

// ---- clues ---------------------------------------------------------------------------------

const clueColumns = ['id', 'type', 'type_id', 'clue'] as const;

export const listClues = (db: Db, projectId: number, type: ClueType) =>
  db
    .selectFrom('clues')
    .select(clueColumns)
    .where('project_id', '=', projectId)
    .where('type', '=', type)
    .execute();

export const findClue = (db: Db, projectId: number, id: number) =>
  db
    .selectFrom('clues')
    .select(clueColumns)
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();

export const findClueOf = (db: Db, projectId: number, type: ClueType, typeId: number) =>
  db
    .selectFrom('clues')
    .select(clueColumns)
    .where('project_id', '=', projectId)
    .where('type', '=', type)
    .where('type_id', '=', typeId)
    .executeTakeFirst();

export const insertClue = (
  db: Db,
  values: { projectId: number; type: ClueType; typeId: number; clue: string; now: string },
) =>
  db
    .insertInto('clues')
    .values({
      project_id: values.projectId,
      type: values.type,
      type_id: values.typeId,
      clue: values.clue,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning(clueColumns)
    .executeTakeFirstOrThrow();

export const updateClueText = (db: Db, projectId: number, id: number, clue: string, now: string) =>
  db
    .updateTable('clues')
    .set({ clue, updated_at: now })
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .returning(clueColumns)
    .executeTakeFirstOrThrow();

export const deleteClueRow = (db: Db, projectId: number, id: number) =>
  db.deleteFrom('clues').where('project_id', '=', projectId).where('id', '=', id).execute();
