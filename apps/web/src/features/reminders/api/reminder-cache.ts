import type { QueryClient } from '@tanstack/react-query';
import type { ClientReminder } from '@crm/contract';
import { queryKeys } from '@/lib/query-keys';

/**
 * After any action on a reminder: its answer becomes the details at once, and everything about
 * reminders (calendar, today, lists, filters, the board cards' next ones) is read again.
 */
export const storeReminder = (queryClient: QueryClient, projectId: number, reminder: ClientReminder) => {
  queryClient.setQueryData(queryKeys.reminders.one(projectId, reminder.id), reminder);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.reminders.all(projectId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.reminders.nextAll(projectId) }),
  ]);
};
