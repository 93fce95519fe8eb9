import { queryOptions, useQuery } from '@tanstack/react-query';
import { teamEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A member and his place in the project (the manager's page). */
export const getProjectMember = (projectId: number, userId: number, signal?: AbortSignal) =>
  callApi(teamEndpoints.member, { params: { projectId, userId }, signal });

/** No toast: the page shows why it cannot open (unknown id, not in the project) in its place. */
export const projectMemberQueryOptions = (projectId: number, userId: number) =>
  queryOptions({
    queryKey: queryKeys.team.member(projectId, userId),
    queryFn: ({ signal }) => getProjectMember(projectId, userId, signal),
  });

export const useProjectMember = (projectId: number | null, userId: number | null) =>
  useQuery({
    ...projectMemberQueryOptions(projectId ?? 0, userId ?? 0),
    enabled: projectId !== null && userId !== null,
  });
