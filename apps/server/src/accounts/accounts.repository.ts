import type { Db } from '../db/database.js';
import { reusableList } from '../db/reusable-query.js';
import type { NewUser } from '../db/schema.js';

export const findUserByEmail = (db: Db, email: string) =>
  db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

export const insertUser = (db: Db, user: NewUser) =>
  db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();

/** Read on every start of the web app: reusable. */
export const listUserProjects = reusableList((db: Db, userId: number) =>
  db
    .selectFrom('project_members as m')
    .innerJoin('projects as p', 'p.id', 'm.project_id')
    .select(['p.id', 'p.name', 'm.role'])
    .where('m.user_id', '=', userId)
    .orderBy('p.id'),
);

/** Sets when the user's address was verified; answers his row. */
export const markEmailVerified = (db: Db, userId: number, verifiedAt: string, now: string) =>
  db
    .updateTable('users')
    .set({ email_verified_at: verifiedAt, updated_at: now })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();

export const setPassword = (db: Db, userId: number, passwordHash: string, verifiedAt: string, now: string) =>
  db
    .updateTable('users')
    .set({ password_hash: passwordHash, email_verified_at: verifiedAt, updated_at: now })
    .where('id', '=', userId)
    .execute();
