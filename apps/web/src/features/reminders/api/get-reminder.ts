import { queryOptions, useQuery } from '@tanstack/react-query';
import { remindersEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET …/client-reminders/{id}: one reminder in full (checklist, comments, hint, articles). Another
 * manager's reminder, or an unknown id, is a 404 'Напоминание не найдено'.
 */
export const getReminder = (projectId: number, reminderId: number, signal?: AbortSignal) =>
  callApi(remindersEndpoints.get, { params: { projectId, id: reminderId }, signal });

/** No toast: the details modal says in its place why the reminder cannot open (REMINDER_ERRORS.get). */
export const reminderQueryOptions = (projectId: number, reminderId: number) =>
  queryOptions({
    queryKey: queryKeys.reminders.one(projectId, reminderId),
    queryFn: ({ signal }) => getReminder(projectId, reminderId, signal),
  });

export const useReminder = (projectId: number | null, reminderId: number) =>
  useQuery({ ...reminderQueryOptions(projectId ?? 0, reminderId), enabled: projectId !== null });
