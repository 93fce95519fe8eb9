import { useQuery } from '@tanstack/react-query';
import { clientsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET …/clients/{id}: the client a new reminder is fixed to (his name in the create modal). The
 * clients feature's key: the panel the modal was opened from has usually loaded him already.
 */
export const useReminderClient = (projectId: number | null, clientId: number | undefined) =>
  useQuery({
    queryKey: queryKeys.clients.one(projectId ?? 0, clientId ?? 0),
    queryFn: ({ signal }) =>
      callApi(clientsEndpoints.get, { params: { projectId: projectId ?? 0, id: clientId ?? 0 }, signal }),
    enabled: projectId !== null && clientId !== undefined,
  });
