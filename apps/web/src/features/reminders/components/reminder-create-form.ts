import { z } from 'zod';
import {
  REMIND_BEFORE_PASSED,
  REQUIRED,
  reminderCreateBody,
  zonedToUtcIso,
  type ReminderCreateBody,
} from '@crm/contract';
import { checkDateTime, refuseDateTime } from './reminder-date-time';

const body = reminderCreateBody.shape;

/**
 * The create modal's fields, each checked by the contract's rule for what the API reads from it.
 * Checked here: a client is chosen (he is in the address); the day and 24 h time of the project's
 * zone, which the API reads as one `completion_date`, name a moment to come; and the notice
 * 'Напомнить за' gives is not already past.
 */
export const reminderCreateSchema = (zone: string, now?: Date) =>
  z
    .object({
      /** The chosen client's id, null until one is. */
      client: z
        .number()
        .nullable()
        .pipe(z.number({ error: REQUIRED })),
      title: body.title,
      date: z.string(),
      time: z.string(),
      /** Minutes as typed (digits), '' for none. */
      remind_before: body.remind_before,
      tasks: body.tasks,
      comments: body.comments,
      description: body.description,
    })
    .superRefine(
      // Typed loosely: running beside refused fields, it may see the minutes refused.
      (form: { date: string; time: string; remind_before?: unknown }, ctx) => {
        const moment = checkDateTime(form.date, form.time, zone, now);
        refuseDateTime(moment, ctx);
        const minutes = form.remind_before;
        const noticeAt =
          moment.iso && typeof minutes === 'number' ? Date.parse(moment.iso) - minutes * 60_000 : null;
        if (noticeAt !== null && noticeAt <= (now ?? new Date()).getTime())
          ctx.addIssue({ code: 'custom', path: ['remind_before'], message: REMIND_BEFORE_PASSED });
      },
      // Also while another field is refused, so that every message shows at once.
      { when: () => true },
    );

export type ReminderCreateValues = z.input<ReturnType<typeof reminderCreateSchema>>;
type ReminderCreateOutput = z.output<ReturnType<typeof reminderCreateSchema>>;

/** What is sent: the day and time as the moment they name in the project's zone (checked above). */
export const reminderCreateBodyOf = (
  { title, date, time, remind_before, tasks, comments, description }: ReminderCreateOutput,
  zone: string,
): ReminderCreateBody => ({
  title,
  completion_date: zonedToUtcIso(date, time, zone) ?? '',
  remind_before,
  tasks,
  comments,
  description,
});

/**
 * The fields a 422 answer's messages go under (a checklist's or a comment's under that item), and
 * the API's names for those called otherwise: the moment is said under the time.
 */
export const reminderCreateFields = ({
  tasks = [],
  comments = [],
}: Pick<ReminderCreateValues, 'tasks' | 'comments'>) =>
  [
    'client',
    'title',
    'date',
    'time',
    'remind_before',
    'tasks',
    'comments',
    'description',
    ...tasks.map((_, i) => `tasks.${i}` as const),
    ...comments.map((_, i) => `comments.${i}` as const),
  ] as const;
export const REMINDER_CREATE_RENAMED = {
  completion_date: 'time',
  client_id: 'client',
  clientId: 'client',
} as const;
