import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useController, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { zonedParts, type ClientReminder } from '@crm/contract';
import { applyServerErrors } from '@/lib/form-errors';
import { useSession } from '@/lib/session-context';
import formStyles from '@/ui/form.module.css';
import { ModalFormActions } from '@/ui/modal';
import { useRescheduleReminder } from '@/features/reminders/api/reschedule-reminder';
import { DateTimeFields } from './reminder-date-time-fields';
import { rescheduleFormSchema } from './reminder-reschedule-form';
import { formatDue } from '@/lib/zoned-time';
import styles from './reminder-modals.module.css';

export const RESCHEDULED = 'Напоминание перенесен!';

type RescheduleProps = {
  reminder: Pick<ClientReminder, 'id' | 'title' | 'completion_date'>;
  zone: string;
  onClose: () => void;
};

/**
 * The reschedule modal: a day (today at the earliest) and a 24 h time typed as 'ЧЧ:ММ' (no clock
 * popup), both required; 'Перенести' works only for a moment in the future. Each box is checked as
 * it is used: the day once changed or left, the time once left or typed whole.
 */
export const ReminderReschedule = ({ reminder, zone, onClose }: RescheduleProps) => {
  const { projectId } = useSession();
  const reschedule = useRescheduleReminder(projectId ?? 0);
  const schema = useMemo(() => rescheduleFormSchema(zone), [zone]);
  const current = zonedParts(reminder.completion_date, zone);
  const startsInFuture = Date.parse(reminder.completion_date) > Date.now();
  const {
    control,
    handleSubmit,
    setError,
    formState: { touchedFields, dirtyFields },
  } = useForm({
    // Checked as the boxes are used, not only on a send (shown as said above).
    mode: 'all',
    resolver: zodResolver(schema),
    defaultValues: { date: startsInFuture ? current.date : '', time: startsInFuture ? current.time : '' },
  });
  // The day and the time are one moment: each re-checks the other.
  const date = useController({ control, name: 'date', rules: { deps: ['time'] } });
  const time = useController({ control, name: 'time', rules: { deps: ['date'] } });

  const moved = schema.safeParse({ date: date.field.value, time: time.field.value }).data?.completion_date;
  // Unchanged, the reminder is already there: nothing to move.
  const ready = moved !== undefined && Date.parse(moved) !== Date.parse(reminder.completion_date);

  const onSubmit = handleSubmit(async ({ completion_date }) => {
    try {
      await reschedule.mutateAsync({ reminderId: reminder.id, completionDate: completion_date });
    } catch (error) {
      // The reminder may have been finished meanwhile: that is said under the time too.
      applyServerErrors(error, setError, ['time'], { completion_date: 'time', status: 'time' });
      return;
    }
    toast.success(RESCHEDULED);
    onClose();
  });

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate data-testid="reminder-reschedule">
      <p className={styles.lead}>
        Сейчас: <strong>{formatDue(reminder.completion_date, zone)}</strong>
      </p>
      <DateTimeFields
        zone={zone}
        date={date.field.value}
        time={time.field.value}
        onDateChange={date.field.onChange}
        onTimeChange={time.field.onChange}
        dateLabel="Новая дата"
        timeLabel="Новое время"
        onDateBlur={date.field.onBlur}
        onTimeBlur={time.field.onBlur}
        dateError={touchedFields.date || dirtyFields.date ? date.fieldState.error?.message : undefined}
        timeError={
          touchedFields.time || time.field.value.length === 5 ? time.fieldState.error?.message : undefined
        }
      />
      <ModalFormActions
        onCancel={onClose}
        submitText="Перенести"
        disabled={!ready}
        loading={reschedule.isPending}
      />
    </form>
  );
};
