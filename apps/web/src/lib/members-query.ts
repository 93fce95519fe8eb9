import { queryOptions, useQuery } from '@tanstack/react-query';
import { teamEndpoints, type Role } from '@crm/contract';
import { callApi } from './api-client';
import { queryKeys } from './query-keys';

/**
 * {id, name, role} of the project's people (of one role if given), by name. Shared here because
 * the team screens and the clients screens (an admin passes a client to a member) both read it.
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
