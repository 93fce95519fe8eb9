import { useQuery } from '@tanstack/react-query';
import { DEFAULT_TIMEZONE, projectsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session-context';

/**
 * The project's time zone (GET /projects/{id}, open to every member): reminders' days and times
 * are the project's, whatever the browser's zone. The same key as the settings screen, so a saved
 * zone reaches the reminders at once.
 */
export const useProjectTimeZone = (): string => {
  const { projectId } = useSession();
  const project = useQuery({
    queryKey: queryKeys.projects.settings(projectId ?? 0),
    queryFn: ({ signal }) =>
      callApi(projectsEndpoints.get, { params: { projectId: projectId ?? 0 }, signal }),
    enabled: projectId !== null,
    staleTime: 5 * 60_000,
  });
  return project.data?.timezone ?? DEFAULT_TIMEZONE;
};
