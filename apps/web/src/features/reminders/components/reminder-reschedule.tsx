import { zonedParts } from '@crm/contract';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { ClientReminder } from '@crm/contract';
import { firstFieldErrors, isApiError } from '@/lib/api-error';
import { useSession } from '@/lib/session-context';
import formStyles from '@/ui/form.module.css';
import { ModalFormActions } from '@/ui/modal';
import { useRescheduleReminder } from '@/features/reminders/api/reschedule-reminder';
import { checkDateTime } from './reminder-date-time';
import { DateTimeFields } from './reminder-date-time-fields';
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
 * popup), both required; 'Перенести' works only for a moment in the future.
 */
export const ReminderReschedule = ({ reminder, zone, onClose }: RescheduleProps) => {
  const { projectId } = useSession();
  const reschedule = useRescheduleReminder(projectId ?? 0);
  const current = zonedParts(reminder.completion_date, zone);
  const startsInFuture = Date.parse(reminder.completion_date) > Date.now();
  const [date, setDate] = useState(startsInFuture ? current.date : '');
  const [time, setTime] = useState(startsInFuture ? current.time : '');
  const [touched, setTouched] = useState({ date: false, time: false });
  const [serverError, setServerError] = useState<string | undefined>();

  const check = checkDateTime(date, time, zone);
  // Unchanged, the reminder is already there: nothing to move.
  const unchanged = check.iso !== undefined && Date.parse(check.iso) === Date.parse(reminder.completion_date);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ date: true, time: true });
    if (!check.iso || unchanged) return;
    try {
      await reschedule.mutateAsync({ reminderId: reminder.id, completionDate: check.iso });
      toast.success(RESCHEDULED);
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        const first = firstFieldErrors(error.errors)[0];
        if (first) setServerError(first[1]);
      }
    }
  };

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate data-testid="reminder-reschedule">
      <p className={styles.lead}>
        Сейчас: <strong>{formatDue(reminder.completion_date, zone)}</strong>
      </p>
      <DateTimeFields
        zone={zone}
        date={date}
        time={time}
        onDateChange={(value) => {
          setDate(value);
          setTouched((t) => ({ ...t, date: true }));
          setServerError(undefined);
        }}
        onTimeChange={(value) => {
          setTime(value);
          setServerError(undefined);
        }}
        dateLabel="Новая дата"
        timeLabel="Новое время"
        onDateBlur={() => setTouched((t) => ({ ...t, date: true }))}
        onTimeBlur={() => setTouched((t) => ({ ...t, time: true }))}
        dateError={touched.date ? check.dateError : undefined}
        timeError={serverError ?? (touched.time || time.length === 5 ? check.timeError : undefined)}
      />
      <ModalFormActions
        onCancel={onClose}
        submitText="Перенести"
        disabled={!check.iso || unchanged}
        loading={reschedule.isPending}
      />
    </form>
  );
};
