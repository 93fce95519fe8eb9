import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Member, Role } from '@crm/contract';
import { api } from '../../../lib/api-client';

export const membersQueryKey = (projectId: number, role?: Role) =>
  ['projects', projectId, 'members', role ?? 'all'] as const;

/** GET /projects/{id}/members[?role=]: {id, name, role} of the project's people, by name. */
export const getMembers = (projectId: number, role?: Role, signal?: AbortSignal) =>
  api.get<Member[]>(`/projects/${projectId}/members`, { role }, signal);

export const membersQueryOptions = (projectId: number, role?: Role) =>
  queryOptions({
    queryKey: membersQueryKey(projectId, role),
    queryFn: ({ signal }) => getMembers(projectId, role, signal),
    meta: { errorMessage: 'Failed to get members.' },
  });

export const useMembers = (projectId: number | null, role?: Role, enabled = true) =>
  useQuery({ ...membersQueryOptions(projectId ?? 0, role), enabled: enabled && projectId !== null });
