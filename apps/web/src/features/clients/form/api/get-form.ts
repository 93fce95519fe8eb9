import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientFormEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const GET_FORM_FAILED = 'Failed to get form groups.';

/** The project's client form: groups in order, each with its fields in order. */
export const getForm = (projectId: number, signal?: AbortSignal) =>
  callApi(clientFormEndpoints.get, { params: { projectId }, signal });

export const formQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.clientForm.groups(projectId),
    queryFn: ({ signal }) => getForm(projectId, signal),
    meta: { errorMessage: GET_FORM_FAILED },
  });

export const useClientForm = (projectId: number | null) =>
  useQuery({ ...formQueryOptions(projectId ?? 0), enabled: projectId !== null });
