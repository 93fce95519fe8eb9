import type { PhoneCountry, Role } from '@crm/contract';
import type { Db } from '../db/database.js';

export const findProject = (db: Db, projectId: number) =>
  db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirst();

export const insertProject = (
  db: Db,
  values: { name: string; timezone: string; phoneCountry: PhoneCountry; now: string },
) =>
  db
    .insertInto('projects')
    .values({
      name: values.name,
      timezone: values.timezone,
      phone_country: values.phoneCountry,
      created_at: values.now,
      updated_at: values.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

export const updateProject = (
  db: Db,
  projectId: number,
  values: { name: string; timezone: string; phone_country: PhoneCountry; updated_at: string },
) =>
  db.updateTable('projects').set(values).where('id', '=', projectId).returningAll().executeTakeFirstOrThrow();

export const insertMember = (
  db: Db,
  values: { projectId: number; userId: number; role: Role; now: string },
) =>
  db
    .insertInto('project_members')
    .values({
      project_id: values.projectId,
      user_id: values.userId,
      role: values.role,
      status_id: null,
      created_at: values.now,
    })
    .execute();
