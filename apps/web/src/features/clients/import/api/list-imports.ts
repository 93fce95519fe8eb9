import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientImportsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const LIST_IMPORTS_FAILED = 'Не удалось загрузить импорты проекта.';

/** The project's imports, newest first. */
export const listImports = (projectId: number, signal?: AbortSignal) =>
  callApi(clientImportsEndpoints.list, { params: { projectId }, signal });

export const importsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.clientImports.list(projectId),
    queryFn: ({ signal }) => listImports(projectId, signal),
  });

export const useClientImports = (projectId: number | null) =>
  useQuery({ ...importsQueryOptions(projectId ?? 0), enabled: projectId !== null });
