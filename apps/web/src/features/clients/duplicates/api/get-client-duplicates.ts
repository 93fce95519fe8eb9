import { useQuery } from '@tanstack/react-query';
import { clientsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The clients a stored client duplicates, the surest first (docs/product.md, "Duplicates"). */
export const getClientDuplicates = (projectId: number, clientId: number, signal?: AbortSignal) =>
  callApi(clientsEndpoints.clientDuplicates, { params: { projectId, id: clientId }, signal });

export const useClientDuplicates = (projectId: number | null, clientId: number) =>
  useQuery({
    queryKey: queryKeys.clients.duplicatesOf(projectId ?? 0, clientId),
    queryFn: ({ signal }) => getClientDuplicates(projectId ?? 0, clientId, signal),
    enabled: projectId !== null,
  });
