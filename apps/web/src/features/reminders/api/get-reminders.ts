import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { remindersEndpoints, type RemindersQuery } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { REMINDER_ERRORS } from './reminder-errors';

/**
 * GET …/client-reminders?status&client_id&manager_id&page: one page (20), the latest due date
 * first. A manager gets only his own.
 */
export const getReminders = (projectId: number, query: RemindersQuery, signal?: AbortSignal) =>
  callApi(remindersEndpoints.list, { params: { projectId }, query, signal });

export const remindersQueryOptions = (projectId: number, query: RemindersQuery) =>
  queryOptions({
    queryKey: queryKeys.reminders.list(projectId, query),
    queryFn: ({ signal }) => getReminders(projectId, query, signal),
    meta: { errorMessage: REMINDER_ERRORS.calendar },
  });

/** The previous page stays on screen while the next one loads. */
export const useReminders = (projectId: number | null, query: RemindersQuery, enabled = true) =>
  useQuery({
    ...remindersQueryOptions(projectId ?? 0, query),
    enabled: projectId !== null && enabled,
    placeholderData: keepPreviousData,
  });
