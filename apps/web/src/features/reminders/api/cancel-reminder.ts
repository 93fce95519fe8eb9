import { useMutation, useQueryClient } from '@tanstack/react-query';
import { remindersEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { REMINDER_ERRORS } from './reminder-errors';
import { storeReminder } from './reminder-cache';

/** POST …/client-reminders/{id}/cancelled: 'Отменить задачу' (a pending one). */
export const cancelReminder = (projectId: number, reminderId: number) =>
  callApi(remindersEndpoints.cancel, { params: { projectId, id: reminderId } });

export const useCancelReminder = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reminderId: number) => cancelReminder(projectId, reminderId),
    meta: { errorMessage: REMINDER_ERRORS.cancel },
    onSuccess: (reminder) => storeReminder(queryClient, projectId, reminder),
  });
};
