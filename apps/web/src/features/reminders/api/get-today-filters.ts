import { queryOptions, useQuery } from '@tanstack/react-query';
import { remindersEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { REMINDER_ERRORS } from './reminder-errors';

/**
 * GET …/client-reminders/today/categories: what today's scenario-made reminders came from (the
 * categories entered, the options got), each with its count.
 */
export const getTodayFilters = (projectId: number, signal?: AbortSignal) =>
  callApi(remindersEndpoints.todayFilters, { params: { projectId }, signal });

export const todayFiltersQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.reminders.todayFilters(projectId),
    queryFn: ({ signal }) => getTodayFilters(projectId, signal),
    meta: { errorMessage: REMINDER_ERRORS.calendar },
  });

export const useTodayFilters = (projectId: number | null, enabled = true) =>
  useQuery({ ...todayFiltersQueryOptions(projectId ?? 0), enabled: projectId !== null && enabled });
