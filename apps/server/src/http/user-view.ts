import type { User } from '@crm/contract';
import type { Db } from '../db/database.js';
import type { UserRow } from '../db/schema.js';

/** The user as the API shows him (spec §3 User); shared by accounts, projects and team. */
export async function loadUserView(db: Db, user: UserRow): Promise<User> {
  const membership = await db
    .selectFrom('project_members')
    .select('id')
    .where('user_id', '=', user.id)
    .limit(1)
    .executeTakeFirst();
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    email_verified: user.email_verified_at !== null,
    has_projects: membership !== undefined,
  };
}
