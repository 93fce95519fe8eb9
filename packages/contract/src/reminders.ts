import { z } from 'zod';
import { dateParam } from './clients.js';
import {
  idSchema,
  isoDateTime,
  pageQuery,
  plainText,
  REQUIRED,
  requiredString,
  requiredText,
} from './common.js';
import { richTextJson } from './rich-text.js';
import {
  REMINDER_STATUSES,
  REMINDER_TASK_STATUSES,
  REMINDER_TITLE_MAX,
  REMINDER_TASK_MAX,
  REMINDER_TASKS_MAX,
  REMINDER_COMMENT_MAX,
  REMINDER_COMMENTS_MAX,
  REMINDER_REMIND_BEFORE_MAX,
  TASK_DUPLICATE,
  TASK_NOT_FOUND,
} from './reminder-constants.js';

// ---- client reminders (docs/product.md §4.9) ----------------------------------------------
// The constants, labels and messages are in reminder-constants.ts, which builds no schema.

const DIGITS_ONLY = 'Введите целое число минут';

/** Minutes as the web's numeric text box sends them ('15' or 15); '' and null mean none. */
export const remindBeforeMinutes = z
  .union([plainText(), z.number()], { error: DIGITS_ONLY })
  .nullable()
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return null;
    const text = String(v).trim();
    if (!/^\d+$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: DIGITS_ONLY });
      return z.NEVER;
    }
    const minutes = Number(text);
    if (minutes > REMINDER_REMIND_BEFORE_MAX) {
      ctx.addIssue({
        code: 'custom',
        message: `Не больше ${REMINDER_REMIND_BEFORE_MAX.toLocaleString('ru-RU')} минут`,
      });
      return z.NEVER;
    }
    return minutes;
  });

/** An ISO-8601 moment with its zone (what the web sends: the chosen local time as UTC). */
export const momentSchema = requiredString()
  .min(1, REQUIRED)
  .refine(
    (s) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(s) &&
      !Number.isNaN(Date.parse(s)),
    {
      message: 'Введите дату и время',
    },
  );

/** A checklist as titles: trimmed, none empty, none twice (422 on `tasks.N`). */
export const taskTitles = (max = REMINDER_TASKS_MAX) =>
  z
    .array(requiredText(REMINDER_TASK_MAX), { error: 'Введите список задач' })
    .max(max, `Не более ${max} задач`)
    .superRefine((titles, ctx) => {
      const seen = new Set<string>();
      titles.forEach((title, i) => {
        const key = title.toLocaleLowerCase('ru-RU');
        if (seen.has(key)) ctx.addIssue({ code: 'custom', message: TASK_DUPLICATE, path: [i] });
        seen.add(key);
      });
    });

export const reminderTaskSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(REMINDER_TASK_STATUSES),
});
export type ReminderTask = z.infer<typeof reminderTaskSchema>;

const personSchema = z.object({ id: z.number().int(), name: z.string() });

/** The client a reminder is about, as cards and the calendar show him. */
export const reminderClientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  last_name: z.string(),
  category_id: z.number().int(),
});

/**
 * A reminder as lists show it (calendar, today, a manager's page): no checklist titles, no
 * hint; `tasks_done` of `tasks_total`.
 */
export const reminderListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(REMINDER_STATUSES),
  completion_date: isoDateTime,
  rescheduled: z.boolean(),
  tasks_total: z.number().int(),
  tasks_done: z.number().int(),
  all_tasks_completed: z.boolean(),
  client: reminderClientSchema,
  manager: personSchema,
  /** The scenario that made it (null: made by hand). */
  template_id: z.number().int().nullable(),
});
export type ReminderListItem = z.infer<typeof reminderListItemSchema>;

/**
 * One reminder in full. `remind_before`: minutes before `completion_date` as a string ('' for
 * none), `notify_at` the moment it becomes; `description` a rich-text JSON string ('' for none);
 * `knowledge_base_posts`: the articles its scenario attached.
 */
export const clientReminderSchema = reminderListItemSchema.extend({
  remind_before: z.string(),
  notify_at: isoDateTime.nullable(),
  tasks: z.array(reminderTaskSchema),
  comments: z.array(z.string()),
  description: z.string(),
  knowledge_base_posts: z.array(z.object({ id: z.number().int(), title: z.string() })),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type ClientReminder = z.infer<typeof clientReminderSchema>;

export const reminderParams = z.object({ projectId: idSchema, id: idSchema });
export const clientRemindersParams = z.object({ projectId: idSchema, clientId: idSchema });

/** POST /clients/{clientId}/reminders: the create modal. */
export const reminderCreateBody = z.object({
  title: requiredText(REMINDER_TITLE_MAX),
  completion_date: momentSchema,
  remind_before: remindBeforeMinutes,
  tasks: taskTitles().optional().default([]),
  comments: z
    .array(requiredText(REMINDER_COMMENT_MAX))
    .max(REMINDER_COMMENTS_MAX, `Не более ${REMINDER_COMMENTS_MAX} комментариев`)
    .optional()
    .default([]),
  description: richTextJson().optional().default(''),
});
export type ReminderCreateBody = z.input<typeof reminderCreateBody>;

export const rescheduleBody = z.object({ completion_date: momentSchema });
export type RescheduleBody = z.input<typeof rescheduleBody>;

/** 'Установить напоминание': minutes before the due time; null or '' turns it off. */
export const remindBeforeBody = z.object({ remind_before: remindBeforeMinutes });
export type RemindBeforeBody = z.input<typeof remindBeforeBody>;

/** 'Выполнить задачи': the ids of this reminder's tasks to mark completed. */
export const updateTasksBody = z.object({
  tasks: z
    .array(z.number({ error: TASK_NOT_FOUND }).int(TASK_NOT_FOUND).positive(TASK_NOT_FOUND), {
      error: REQUIRED,
    })
    .min(1, 'Отметьте хотя бы один пункт')
    .max(REMINDER_TASKS_MAX),
});
export type UpdateTasksBody = z.input<typeof updateTasksBody>;

export const CALENDAR_PERIODS = ['day', 'week', 'month'] as const;
export type CalendarPeriod = (typeof CALENDAR_PERIODS)[number];
/** Days a period covers from `start_date`: a month view shows six weeks. */
export const CALENDAR_PERIOD_DAYS: Record<CalendarPeriod, number> = { day: 1, week: 7, month: 42 };

/**
 * GET /client-reminders/calendar: the reminders due in the window that starts on `start_date`
 * (a day of the project's zone) and lasts the period. Admins see the whole team's, or one
 * member's with `manager_id`; a manager his own.
 */
export const calendarQuery = z.object({
  start_date: dateParam,
  period: z.enum(CALENDAR_PERIODS, { error: 'Период: day, week или month' }).default('week'),
  manager_id: idSchema.optional(),
});
export type CalendarQuery = z.input<typeof calendarQuery>;

/**
 * A reminder on the calendar: what an event shows (a month holds hundreds, so nothing more).
 */
export const calendarReminderSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(REMINDER_STATUSES),
  completion_date: isoDateTime,
  client: z.object({ id: z.number().int(), name: z.string(), last_name: z.string() }),
  manager: personSchema,
});
export type CalendarReminder = z.infer<typeof calendarReminderSchema>;

/** More than CALENDAR_LIMIT reminders fall in the window (or today): the earliest are answered. */
const truncated = z.boolean();

export const calendarAnswer = z.object({ data: z.array(calendarReminderSchema), truncated });
export type CalendarAnswer = z.infer<typeof calendarAnswer>;

/** Today's reminders, as cards show them. */
export const todayAnswer = z.object({ data: z.array(reminderListItemSchema), truncated });
export type TodayAnswer = z.infer<typeof todayAnswer>;

/** GET /client-reminders: a paged list, due date descending, filtered. */
export const remindersQuery = pageQuery.extend({
  status: z.enum(REMINDER_STATUSES).optional(),
  client_id: idSchema.optional(),
  manager_id: idSchema.optional(),
});
export type RemindersQuery = z.input<typeof remindersQuery>;

/** How many clients one GET /client-reminders/next names at most (a board column's page is 20). */
export const NEXT_REMINDERS_CLIENTS_MAX = 100;

/**
 * GET /client-reminders/next?client_ids=1,2,3: each named client's next open reminder (pending or
 * overdue, the earliest first), for the board's cards. Clients the caller may not see, or without
 * one, are left out.
 */
export const nextRemindersQuery = z.object({
  client_ids: z
    .string({ error: 'Укажите клиентов' })
    .regex(/^\d{1,12}(,\d{1,12})*$/, 'Клиенты — номера через запятую')
    .transform((raw) => [...new Set(raw.split(',').map(Number))])
    .refine(
      (ids) => ids.length <= NEXT_REMINDERS_CLIENTS_MAX,
      `Не больше ${NEXT_REMINDERS_CLIENTS_MAX} клиентов`,
    ),
});
export type NextRemindersQuery = z.input<typeof nextRemindersQuery>;

export const nextReminderSchema = z.object({
  client_id: z.number().int(),
  id: z.number().int(),
  title: z.string(),
  status: z.enum(REMINDER_STATUSES),
  completion_date: isoDateTime,
});
export type NextReminder = z.infer<typeof nextReminderSchema>;

/**
 * GET /client-reminders/today: the reminders due today (the project's day), earliest first;
 * narrowed to those a scenario made from entering a category (`category_id`) or getting an
 * option (`option_id`).
 */
export const todayQuery = z.object({
  category_id: idSchema.optional(),
  option_id: idSchema.optional(),
  manager_id: idSchema.optional(),
});
export type TodayQuery = z.input<typeof todayQuery>;

/** GET /client-reminders/today/categories: what today's scenario-made reminders came from, with counts. */
export const todayFiltersSchema = z.object({
  client_category_changed: z.array(
    z.object({ id: z.number().int(), name: z.string(), color: z.string(), count: z.number().int() }),
  ),
  client_form_field_changed: z.array(
    z.object({ id: z.number().int(), name: z.string(), field: personSchema, count: z.number().int() }),
  ),
});
export type TodayFilters = z.infer<typeof todayFiltersSchema>;
