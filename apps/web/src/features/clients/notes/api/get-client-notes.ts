import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientNotesEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A client's notes, newest first. */
export const getClientNotes = (projectId: number, clientId: number, signal?: AbortSignal) =>
  callApi(clientNotesEndpoints.list, { params: { projectId, clientId }, signal });

export const GET_NOTES_FAILED = 'Failed to get notes.';

export const clientNotesQueryOptions = (projectId: number, clientId: number) =>
  queryOptions({
    queryKey: queryKeys.clients.notes(projectId, clientId),
    queryFn: ({ signal }) => getClientNotes(projectId, clientId, signal),
    meta: { errorMessage: GET_NOTES_FAILED },
  });

export const useClientNotes = (projectId: number | null, clientId: number) =>
  useQuery({ ...clientNotesQueryOptions(projectId ?? 0, clientId), enabled: projectId !== null });
