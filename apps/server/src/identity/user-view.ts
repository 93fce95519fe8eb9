import { sql } from 'kysely';
import type { User } from '@crm/contract';
import type { Db } from '../db/database.js';
import { reusableQuery } from '../db/reusable-query.js';
import type { UserRow } from '../db/schema.js';

const anyMembership = reusableQuery((db: Db, userId: number) =>
  db.selectFrom('project_members').select('id').where('user_id', '=', userId).limit(sql.lit(1)),
);

/** The user as the API shows him (docs/product.md §4.1); shared by accounts, projects and team. */
export async function loadUserView(db: Db, user: UserRow): Promise<User> {
  const membership = await anyMembership(db, user.id);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    email_verified: user.email_verified_at !== null,
    has_projects: membership !== undefined,
  };
}
