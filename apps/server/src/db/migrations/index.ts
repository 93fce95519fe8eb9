import type { Migration } from 'kysely/migration';
import * as accountsProjects from './2026_11_22_0001_accounts_projects.js';
import * as accountSecurity from './2026_11_22_0002_account_security.js';
import * as team from './2026_11_22_0003_team.js';

/** Every migration, by name; names sort in the order they run. Frozen once landed. */
export const migrations: Record<string, Migration> = {
  '2026_11_22_0001_accounts_projects': accountsProjects,
  '2026_11_22_0002_account_security': accountSecurity,
  '2026_11_22_0003_team': team,
};
