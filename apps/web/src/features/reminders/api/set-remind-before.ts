import { useMutation, useQueryClient } from '@tanstack/react-query';
import { remindersEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { REMINDER_ERRORS } from './reminder-errors';
import { storeReminder } from './reminder-cache';

/** Minutes before the due time; null turns the notification off. */
type Variables = { reminderId: number; minutes: number | null };

/** PUT …/client-reminders/{id}/remind-before {remind_before}: 'Установить напоминание'. */
export const setRemindBefore = (projectId: number, { reminderId, minutes }: Variables) =>
  callApi(remindersEndpoints.remindBefore, {
    params: { projectId, id: reminderId },
    body: { remind_before: minutes },
  });

export const useSetRemindBefore = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => setRemindBefore(projectId, variables),
    meta: { errorMessage: REMINDER_ERRORS.update },
    onSuccess: (reminder) => storeReminder(queryClient, projectId, reminder),
  });
};
