import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientFormEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const GET_SEARCHABLE_FIELDS_FAILED = 'Failed to get searchable fields.';

/** The form's select fields marked searchable, with their options: the search's extra filter. */
export const getSearchableFields = (projectId: number, signal?: AbortSignal) =>
  callApi(clientFormEndpoints.searchableFields, { params: { projectId }, signal });

export const searchableFieldsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.clientForm.searchableFields(projectId),
    queryFn: ({ signal }) => getSearchableFields(projectId, signal),
    meta: { errorMessage: GET_SEARCHABLE_FIELDS_FAILED },
  });

export const useSearchableFields = (projectId: number) => useQuery(searchableFieldsQueryOptions(projectId));
