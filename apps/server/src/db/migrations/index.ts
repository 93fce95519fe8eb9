import type { Migration } from 'kysely/migration';
import type { Feature } from '../../feature.js';
import * as jobLeases from '../../jobs/migrations/2026_11_23_1900_jobs_leases.js';
import * as accountsProjects from './2026_11_22_0001_accounts_projects.js';
import * as accountSecurity from './2026_11_22_0002_account_security.js';
import * as team from './2026_11_22_0003_team.js';
import * as accessTokensIssuer from './2026_11_27_1200_access_tokens_issuer.js';
import * as projectsPhoneCountry from './2026_11_29_1300_projects_phone_country.js';
import * as accessTokensScope from './2026_12_02_1000_access_tokens_scope.js';

/**
 * The platform's migrations: the first three, from before features kept their own, the
 * scheduler's, and later changes to the tokens and the projects. Frozen once landed; names sort in the order they run.
 */
const platformMigrations: Record<string, Migration> = {
  '2026_11_22_0001_accounts_projects': accountsProjects,
  '2026_11_22_0002_account_security': accountSecurity,
  '2026_11_22_0003_team': team,
  '2026_11_23_1900_jobs_leases': jobLeases,
  '2026_11_27_1200_access_tokens_issuer': accessTokensIssuer,
  '2026_11_29_1300_projects_phone_country': projectsPhoneCountry,
  '2026_12_02_1000_access_tokens_scope': accessTokensScope,
};

/** The platform's migrations and every feature's, by name; a name used twice is refused. */
export function collectMigrations(features: readonly Feature[]): Record<string, Migration> {
  const all: Record<string, Migration> = { ...platformMigrations };
  for (const feature of features) {
    for (const [name, migration] of Object.entries(feature.migrations ?? {})) {
      if (all[name]) throw new Error(`Migration ${name} of ${feature.name} is defined twice`);
      all[name] = migration;
    }
  }
  return all;
}
