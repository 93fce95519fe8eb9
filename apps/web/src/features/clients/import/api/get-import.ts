import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientImportsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { isBusy } from '../components/import-status';

/** How often the page asks while the server works, should a live event be lost. */
export const IMPORT_POLL_MS = 2000;

export const getImport = (projectId: number, importId: number, signal?: AbortSignal) =>
  callApi(clientImportsEndpoints.get, { params: { projectId, importId }, signal });

/**
 * One import: its step, progress and counts. Read again every 2 s while the server works on it
 * (the live event 'client_import.changed' usually comes first); a failed poll keeps what is shown.
 */
export const importQueryOptions = (projectId: number, importId: number) =>
  queryOptions({
    queryKey: queryKeys.clientImports.one(projectId, importId),
    queryFn: ({ signal }) => getImport(projectId, importId, signal),
    refetchInterval: (query) =>
      query.state.data && isBusy(query.state.data.status) ? IMPORT_POLL_MS : false,
    staleTime: 0,
  });

export const useClientImport = (projectId: number | null, importId: number) =>
  useQuery({ ...importQueryOptions(projectId ?? 0, importId), enabled: projectId !== null });
