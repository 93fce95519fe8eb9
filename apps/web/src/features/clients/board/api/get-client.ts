import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** One client with its field values; a manager's request for another's client is a 404. */
export const getClient = (projectId: number, clientId: number, signal?: AbortSignal) =>
  callApi(clientsEndpoints.get, { params: { projectId, id: clientId }, signal });

/** No toast: the panel says in its place why the client cannot open. */
export const clientQueryOptions = (projectId: number, clientId: number) =>
  queryOptions({
    queryKey: queryKeys.clients.one(projectId, clientId),
    queryFn: ({ signal }) => getClient(projectId, clientId, signal),
  });

export const useClient = (projectId: number | null, clientId: number) =>
  useQuery({ ...clientQueryOptions(projectId ?? 0, clientId), enabled: projectId !== null });

export const GET_CLIENT_FAILED = 'Failed to get client.';
