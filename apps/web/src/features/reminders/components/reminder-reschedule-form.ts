import { z } from 'zod';
import { rescheduleBody } from '@crm/contract';
import { checkDateTime, refuseDateTime } from './reminder-date-time';

/**
 * The reschedule modal's day and 24 h time of the project's zone, sent as the one moment the
 * contract's body reads; refused with the form's words while they name no moment to come.
 */
export const rescheduleFormSchema = (zone: string, now?: Date) =>
  z
    .object({ date: z.string(), time: z.string() })
    .transform(({ date, time }, ctx) => {
      const moment = checkDateTime(date, time, zone, now);
      refuseDateTime(moment, ctx);
      return { completion_date: moment.iso ?? '' };
    })
    .pipe(rescheduleBody);
