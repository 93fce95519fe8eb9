import { useMutation, useQueryClient } from '@tanstack/react-query';
import { remindersEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { REMINDER_ERRORS } from './reminder-errors';
import { storeReminder } from './reminder-cache';

type Variables = { reminderId: number; completionDate: string };

/** PUT …/client-reminders/{id}/reschedule {completion_date}: a pending or expired one, to a future moment. */
export const rescheduleReminder = (projectId: number, { reminderId, completionDate }: Variables) =>
  callApi(remindersEndpoints.reschedule, {
    params: { projectId, id: reminderId },
    body: { completion_date: completionDate },
  });

export const useRescheduleReminder = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => rescheduleReminder(projectId, variables),
    meta: { errorMessage: REMINDER_ERRORS.update },
    onSuccess: (reminder) => storeReminder(queryClient, projectId, reminder),
  });
};
