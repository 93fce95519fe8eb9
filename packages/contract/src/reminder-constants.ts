// Client reminders' constants, labels and messages (docs/product.md §4.9). No zod here: the
// signed-in shell reads the status labels, and a module's schemas travel with it.

export const REMINDER_STATUSES = ['pending', 'expired', 'completed', 'skipped', 'canceled'] as const;
export type ReminderStatus = (typeof REMINDER_STATUSES)[number];
export const REMINDER_TASK_STATUSES = ['pending', 'completed'] as const;

/** Russian names of the statuses, for badges, filters and the history. */
export const REMINDER_STATUS_LABELS: Record<ReminderStatus, string> = {
  pending: 'Активно',
  expired: 'Просрочено',
  completed: 'Выполнено',
  skipped: 'Пропущено',
  canceled: 'Отменено',
};

export const REMINDER_TITLE_MAX = 255;
export const REMINDER_TASK_MAX = 255;
export const REMINDER_TASKS_MAX = 50;
export const REMINDER_COMMENT_MAX = 1000;
export const REMINDER_COMMENTS_MAX = 20;
/** Notify-before at most a year (in minutes). */
export const REMINDER_REMIND_BEFORE_MAX = 525_600;
/** A reminder can be planned at most ten years ahead. */
export const REMINDER_HORIZON_YEARS = 10;
export const REMINDERS_PER_PAGE = 20;
/** A calendar window answers at most this many reminders (the earliest); `truncated` says more exist. */
export const CALENDAR_LIMIT = 1000;

/** 'Установить напоминание' in the detail modal: minutes before the due time. */
export const REMIND_BEFORE_CHOICES = [
  { minutes: 15, label: '15 минут' },
  { minutes: 30, label: '30 минут' },
  { minutes: 60, label: '1 час' },
] as const;

export const REMINDER_NOT_FOUND = 'Напоминание не найдено';
export const REMINDER_IN_PAST = 'Дата и время должны быть в будущем';
export const REMIND_BEFORE_PASSED = 'Время уведомления уже прошло: уменьшите «Напомнить за»';
export const TASK_DUPLICATE = 'Такой пункт уже есть в чек-листе';
export const TASK_NOT_FOUND = 'Пункт чек-листа не найден';
/** The lifecycle's refusals (422 on `status`). */
export const REMINDER_NOT_PENDING = 'Это можно сделать только с активным напоминанием';
export const REMINDER_NOT_RESCHEDULABLE = 'Перенести можно только активное или просроченное напоминание';
export const REMINDER_TASKS_LOCKED = 'Чек-лист этого напоминания уже нельзя изменить';
