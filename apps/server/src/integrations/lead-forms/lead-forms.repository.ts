import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { LeadFormsTable } from './lead-forms.tables.js';
import './lead-forms.tables.js';

export const listLeadForms = (db: Db, projectId: number) =>
  db.selectFrom('lead_forms').selectAll().where('project_id', '=', projectId).orderBy('id').execute();

export type LeadFormRow = Awaited<ReturnType<typeof listLeadForms>>[number];

export const findLeadForm = (db: Db, projectId: number, id: number) =>
  db.selectFrom('lead_forms').selectAll().where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst();

export const findLeadFormByKey = (db: Db, key: string) =>
  db.selectFrom('lead_forms').selectAll().where('public_key', '=', key).executeTakeFirst();

export const countLeadForms = async (db: Db, projectId: number) =>
  Number(
    (
      await db
        .selectFrom('lead_forms')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('project_id', '=', projectId)
        .executeTakeFirstOrThrow()
    ).n,
  );

export const insertLeadForm = (db: Db, row: Insertable<LeadFormsTable>) =>
  db.insertInto('lead_forms').values(row).returning('id').executeTakeFirstOrThrow();

export const updateLeadForm = (db: Db, id: number, values: Updateable<LeadFormsTable>) =>
  db.updateTable('lead_forms').set(values).where('id', '=', id).execute();

export const deleteLeadForm = (db: Db, id: number) => db.deleteFrom('lead_forms').where('id', '=', id).execute();

/** One more submission taken; the manager who got it when managers take turns. */
export const countSubmission = (db: Db, id: number, rotationLast: number | null) =>
  db
    .updateTable('lead_forms')
    .set((eb) => ({ submissions: eb('submissions', '+', 1), ...(rotationLast !== null ? { rotation_last: rotationLast } : {}) }))
    .where('id', '=', id)
    .execute();

