import type { Migration } from 'kysely';
import * as accountsProjects from './2026_11_22_0001_accounts_projects.js';

/** Every migration, by name; names sort in the order they run. Frozen once landed. */
export const migrations: Record<string, Migration> = {
  '2026_11_22_0001_accounts_projects': accountsProjects,
};
