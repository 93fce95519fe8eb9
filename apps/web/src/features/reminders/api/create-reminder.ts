import { useMutation, useQueryClient } from '@tanstack/react-query';
import { remindersEndpoints, type ReminderCreateBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { REMINDER_ERRORS } from './reminder-errors';
import { storeReminder } from './reminder-cache';

type Variables = { clientId: number; body: ReminderCreateBody };

/**
 * POST …/clients/{clientId}/reminders {title, completion_date, remind_before, tasks, comments,
 * description}: the new reminder (201).
 */
export const createReminder = (projectId: number, { clientId, body }: Variables) =>
  callApi(remindersEndpoints.create, { params: { projectId, clientId }, body });

export const useCreateReminder = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => createReminder(projectId, variables),
    meta: { errorMessage: REMINDER_ERRORS.create },
    onSuccess: (reminder) => storeReminder(queryClient, projectId, reminder),
  });
};
