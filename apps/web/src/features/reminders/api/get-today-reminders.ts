import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { remindersEndpoints, type TodayQuery } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { REMINDER_ERRORS } from './reminder-errors';

/**
 * GET …/client-reminders/today[?category_id|option_id][&manager_id]: the reminders due today (the
 * project's day), earliest first (`truncated` past the cap); narrowed to a scenario's category or option.
 */
export const getTodayReminders = (projectId: number, query: TodayQuery, signal?: AbortSignal) =>
  callApi(remindersEndpoints.today, { params: { projectId }, query, signal });

export const todayRemindersQueryOptions = (projectId: number, query: TodayQuery) =>
  queryOptions({
    queryKey: queryKeys.reminders.today(projectId, query),
    queryFn: ({ signal }) => getTodayReminders(projectId, query, signal),
    meta: { errorMessage: REMINDER_ERRORS.calendar },
  });

export const useTodayReminders = (projectId: number | null, query: TodayQuery = {}, enabled = true) =>
  useQuery({
    ...todayRemindersQueryOptions(projectId ?? 0, query),
    enabled: projectId !== null && enabled,
    placeholderData: keepPreviousData,
  });
