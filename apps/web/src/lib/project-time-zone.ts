import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_TIMEZONE, projectsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session-context';

/**
 * GET /projects/{id}: the project's name and time zone, open to every member. One query for the
 * settings screen, the app's start and every date shown, so a saved zone reaches them all at once.
 */
export const projectQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.projects.settings(projectId),
    queryFn: ({ signal }) => callApi(projectsEndpoints.get, { params: { projectId }, signal }),
    meta: { errorMessage: 'Failed to get project.' },
  });

/**
 * The project's time zone: reminders' days and times are the project's, whatever the browser's
 * zone. Until it is known (or if it cannot be had) the default zone stands, without a toast: the
 * page's own answers say what went wrong.
 */
export const useProjectTimeZone = (): string => {
  const { projectId } = useSession();
  const project = useQuery({
    ...projectQueryOptions(projectId ?? 0),
    enabled: projectId !== null,
    staleTime: 5 * 60_000,
    meta: {},
  });
  return project.data?.timezone ?? DEFAULT_TIMEZONE;
};
