import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamMember } from '@crm/contract';
import { api } from '../../../lib/api-client';

export const teamQueryKey = (projectId: number) => ['projects', projectId, 'team'] as const;

/** GET /projects/{id}/team: everyone in the project with email, role and status (admins only). */
export const getTeam = (projectId: number, signal?: AbortSignal) =>
  api.get<TeamMember[]>(`/projects/${projectId}/team`, undefined, signal);

export const teamQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: teamQueryKey(projectId),
    queryFn: ({ signal }) => getTeam(projectId, signal),
    meta: { errorMessage: 'Failed to get members.' },
  });

export const useTeam = (projectId: number | null) =>
  useQuery({ ...teamQueryOptions(projectId ?? 0), enabled: projectId !== null });
