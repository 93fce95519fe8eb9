import { sql } from 'kysely';
import type { User } from '@crm/contract';
import type { Db } from '../db/database.js';
import { reusableQuery } from '../db/reusable-query.js';
import type { UserRow } from '../db/schema.js';
import type { AppDeps } from '../deps.js';

const anyMembership = reusableQuery((db: Db, userId: number) =>
  db.selectFrom('project_members').select('id').where('user_id', '=', userId).limit(sql.lit(1)),
);

/**
 * The user as the API shows him (docs/product.md §4.1); shared by accounts, projects and team.
 * `has_projects` comes from the access cache (joining or leaving a project announces itself).
 */
export async function loadUserView({ db, access }: Pick<AppDeps, 'db' | 'access'>, user: UserRow): Promise<User> {
  const hasProjects = await access.hasProjects(user.id, async () => (await anyMembership(db, user.id)) !== undefined);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    email_verified: user.email_verified_at !== null,
    has_projects: hasProjects,
  };
}
