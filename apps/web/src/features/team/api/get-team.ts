import { queryOptions, useQuery } from '@tanstack/react-query';
import { teamEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Everyone in the project with email, role and status (admins only). */
export const getTeam = (projectId: number, signal?: AbortSignal) =>
  callApi(teamEndpoints.team, { params: { projectId }, signal });

export const teamQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.team.team(projectId),
    queryFn: ({ signal }) => getTeam(projectId, signal),
    meta: { errorMessage: 'Failed to get members.' },
  });

export const useTeam = (projectId: number | null) =>
  useQuery({ ...teamQueryOptions(projectId ?? 0), enabled: projectId !== null });
