import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { remindersEndpoints, type CalendarQuery } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { REMINDER_ERRORS } from './reminder-errors';

/**
 * GET …/client-reminders/calendar?start_date&period[&manager_id]: the reminders due in the window
 * (a manager gets his own; an admin the team's or one member's); `truncated` when more exist.
 */
export const getCalendarReminders = (projectId: number, query: CalendarQuery, signal?: AbortSignal) =>
  callApi(remindersEndpoints.calendar, { params: { projectId }, query, signal });

export const calendarRemindersQueryOptions = (projectId: number, query: CalendarQuery) =>
  queryOptions({
    queryKey: queryKeys.reminders.calendar(projectId, query),
    queryFn: ({ signal }) => getCalendarReminders(projectId, query, signal),
    meta: { errorMessage: REMINDER_ERRORS.calendar },
  });

/** The previous window stays on screen while the next one loads. */
export const useCalendarReminders = (projectId: number | null, query: CalendarQuery, enabled = true) =>
  useQuery({
    ...calendarRemindersQueryOptions(projectId ?? 0, query),
    enabled: projectId !== null && enabled,
    placeholderData: keepPreviousData,
  });
