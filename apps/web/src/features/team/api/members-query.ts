import { queryOptions, useQuery } from '@tanstack/react-query';
import { teamEndpoints, type Role } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * {id, name, role} of the project's people (of one role if given), by name: the team's screens,
 * and other features' pickers and filters through this feature's index.ts.
 */
export const getMembers = (projectId: number, role?: Role, signal?: AbortSignal) =>
  callApi(teamEndpoints.members, { params: { projectId }, query: { role }, signal });

export const membersQueryOptions = (projectId: number, role?: Role) =>
  queryOptions({
    queryKey: queryKeys.team.members(projectId, role),
    queryFn: ({ signal }) => getMembers(projectId, role, signal),
    meta: { errorMessage: 'Failed to get members.' },
  });

export const useMembers = (projectId: number | null, role?: Role, enabled = true) =>
  useQuery({ ...membersQueryOptions(projectId ?? 0, role), enabled: enabled && projectId !== null });
