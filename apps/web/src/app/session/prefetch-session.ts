import type { QueryClient } from '@tanstack/react-query';
import { userQueryOptions } from '@/features/accounts/api/get-user';
import { projectQueryOptions } from '@/lib/project-time-zone';
import { projectUserQueryOptions } from '@/features/projects/api/get-project-user';
import { userProjectsQueryOptions } from '@/features/projects/api/get-user-projects';
import { appStorage } from '@/lib/storage';
import type { AppStart } from '@/lib/route-fragment';

/**
 * Starts the session's first requests as the app's script runs, while the route chunks load:
 * the router renders nothing until they have, so waiting for the session provider to ask would
 * put the requests after them. The remembered project's role and time zone come too; if that project
 * is gone, start-up picks another and nobody is told about this early miss (no error meta).
 */
export const prefetchSession = (queryClient: QueryClient, pages: ((start: AppStart) => void)[]) => {
  if (!appStorage.hasToken()) return;
  void queryClient.prefetchQuery(userQueryOptions());
  void queryClient.prefetchQuery(userProjectsQueryOptions());
  const projectId = appStorage.getProjectId();
  if (projectId === null) return;
  void queryClient.prefetchQuery({ ...projectUserQueryOptions(projectId), meta: {} });
  // Its time zone: the header's clock, today and every reminder's day and time are the project's.
  void queryClient.prefetchQuery({ ...projectQueryOptions(projectId), meta: {} });
  // The page's own data too: the dashboard's today's reminders, say, would otherwise wait for
  // the three answers above, the layout's chunks and its first render.
  for (const prefetch of pages) prefetch({ queryClient, pathname: window.location.pathname, projectId });
};
