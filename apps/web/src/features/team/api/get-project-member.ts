import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectUser } from '@crm/contract';
import { api } from '../../../lib/api-client';

export const projectMemberQueryKey = (projectId: number, userId: number) =>
  ['projects', projectId, 'users', userId] as const;

/** GET /projects/{id}/users/{userId}: a member and his place in the project (the manager's page). */
export const getProjectMember = (projectId: number, userId: number, signal?: AbortSignal) =>
  api.get<ProjectUser>(`/projects/${projectId}/users/${userId}`, undefined, signal);

/** No toast: the page shows why it cannot open (unknown id, not in the project) in its place. */
export const projectMemberQueryOptions = (projectId: number, userId: number) =>
  queryOptions({
    queryKey: projectMemberQueryKey(projectId, userId),
    queryFn: ({ signal }) => getProjectMember(projectId, userId, signal),
  });

export const useProjectMember = (projectId: number | null, userId: number | null) =>
  useQuery({
    ...projectMemberQueryOptions(projectId ?? 0, userId ?? 0),
    enabled: projectId !== null && userId !== null,
  });
