import { useMutation, useQueryClient } from '@tanstack/react-query';
import { remindersEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { REMINDER_ERRORS } from './reminder-errors';
import { storeReminder } from './reminder-cache';

type Variables = { reminderId: number; taskIds: number[] };

/** PUT …/client-reminders/{id}/update-tasks-status {tasks: ids}: 'Выполнить задачи' (the ticked ones). */
export const updateReminderTasks = (projectId: number, { reminderId, taskIds }: Variables) =>
  callApi(remindersEndpoints.updateTasks, {
    params: { projectId, id: reminderId },
    body: { tasks: taskIds },
  });

export const useUpdateReminderTasks = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => updateReminderTasks(projectId, variables),
    meta: { errorMessage: REMINDER_ERRORS.update },
    onSuccess: (reminder) => storeReminder(queryClient, projectId, reminder),
  });
};
