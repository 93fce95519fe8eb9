import { useQuery } from '@tanstack/react-query';
import { NEXT_REMINDERS_CLIENTS_MAX, remindersEndpoints, type NextReminder } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

type Waiting = {
  clientId: number;
  resolve: (next: NextReminder | null) => void;
  reject: (error: unknown) => void;
};

/**
 * The cards of a board ask for their next reminders one by one; those asked in the same task go
 * as one request per NEXT_REMINDERS_CLIENTS_MAX clients (GET …/client-reminders/next?client_ids=).
 */
const batches = new Map<number, Waiting[]>();

const send = async (projectId: number, waiting: Waiting[]) => {
  try {
    const ids = [...new Set(waiting.map((w) => w.clientId))];
    const found = await callApi(remindersEndpoints.next, {
      params: { projectId },
      query: { client_ids: ids.join(',') },
    });
    const byClient = new Map(found.map((next) => [next.client_id, next]));
    for (const w of waiting) w.resolve(byClient.get(w.clientId) ?? null);
  } catch (error) {
    for (const w of waiting) w.reject(error);
  }
};

const getNextReminder = (projectId: number, clientId: number) =>
  new Promise<NextReminder | null>((resolve, reject) => {
    let batch = batches.get(projectId);
    if (!batch) {
      batch = [];
      batches.set(projectId, batch);
      setTimeout(() => {
        const all = batches.get(projectId) ?? [];
        batches.delete(projectId);
        for (let i = 0; i < all.length; i += NEXT_REMINDERS_CLIENTS_MAX) {
          void send(projectId, all.slice(i, i + NEXT_REMINDERS_CLIENTS_MAX));
        }
      }, 0);
    }
    batch.push({ clientId, resolve, reject });
  });

/** A client's next open reminder (pending or overdue), or null; a manager's own clients' only. */
export const useNextReminder = (projectId: number | null, clientId: number) =>
  useQuery({
    queryKey: queryKeys.reminders.next(projectId ?? 0, clientId),
    queryFn: () => getNextReminder(projectId ?? 0, clientId),
    enabled: projectId !== null,
    // A card without it still shows everything else: no toast for each of twenty cards.
    meta: {},
  });
