import { accountsEndpoints } from '../../../packages/contract/src/accounts.endpoints.ts';
import { projectsEndpoints } from '../../../packages/contract/src/projects.endpoints.ts';
import { remindersEndpoints } from '../../../packages/contract/src/reminders.endpoints.ts';
import { paths } from '../src/lib/paths.ts';

/**
 * The GETs a signed-in visitor's app makes first (app/session/prefetch-session.ts and the start
 * page's `prefetch`), by their paths under /api/v1: the page's inline script starts them with
 * the app's files instead of after them. A test holds the two lists together.
 */
export const earlyRequests = {
  /** Every page: the user, his projects, his role in the remembered project and its time zone. */
  session: [
    accountsEndpoints.user.path,
    accountsEndpoints.userProjects.path,
    projectsEndpoints.me.path,
    projectsEndpoints.get.path,
  ],
  /** By page: the start page's two lists of today. */
  pages: {
    [paths.home]: [remindersEndpoints.today.path, remindersEndpoints.todayFilters.path],
  } as Record<string, string[]>,
};
