import { useMutation, useQueryClient } from '@tanstack/react-query';
import { remindersEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { REMINDER_ERRORS } from './reminder-errors';
import { storeReminder } from './reminder-cache';

/** POST …/client-reminders/{id}/completed: 'Выполнить задачу' (a pending one). */
export const completeReminder = (projectId: number, reminderId: number) =>
  callApi(remindersEndpoints.complete, { params: { projectId, id: reminderId } });

export const useCompleteReminder = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reminderId: number) => completeReminder(projectId, reminderId),
    meta: { errorMessage: REMINDER_ERRORS.update },
    onSuccess: (reminder) => storeReminder(queryClient, projectId, reminder),
  });
};
