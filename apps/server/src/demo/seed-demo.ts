import type { Role } from '@crm/contract';
import type { AppDeps } from '../deps.js';
import type { DemoContext, Feature } from '../feature.js';

/**
 * On an empty database, a demo project to look around in: each feature seeds its part, in
 * feature order, in one transaction. Returns the sign-ins to print, or null when the database
 * already has users.
 */
export async function seedDemo(deps: AppDeps, features: readonly Feature[]) {
  const anyUser = await deps.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return null;
  const demo = { projectId: 0, users: {} } as DemoContext;
  await deps.db.transaction().execute(async (trx) => {
    for (const feature of features) await feature.seedDemo?.({ ...deps, db: trx }, demo);
  });
  const roles: [keyof DemoContext['users'], Role][] = [
    ['admin', 'admin'],
    ['owner', 'super_admin'],
    ['manager', 'manager'],
  ];
  return roles.map(([key, role]) => ({ email: demo.users[key].email, role, password: demo.users[key].password }));
}
