import {
  REMIND_BEFORE_PASSED,
  REMINDER_REMIND_BEFORE_MAX,
  REMINDER_TITLE_MAX,
  REQUIRED,
  type ReminderCreateBody,
} from '@crm/contract';
import { firstFieldErrors, isApiError } from '@/lib/api-error';
import { checkDateTime } from './reminder-date-time';

export type CreateValues = {
  clientId: number | null;
  title: string;
  date: string;
  time: string;
  /** Minutes as typed: digits only, '' for none. */
  remindBefore: string;
  tasks: string[];
  comments: string[];
  /** Rich-text JSON, '' when blank. */
  description: string;
};

export type CreateField =
  'client' | 'title' | 'date' | 'time' | 'remindBefore' | 'tasks' | 'comments' | 'description';
export type CreateErrors = Partial<Record<CreateField, string>> & {
  taskItems?: Record<number, string>;
  commentItems?: Record<number, string>;
};

/**
 * Checks the create form as the contract will, and says it in the form's words: client, title,
 * date and time required ('Обязательное поле'); the moment in the future; the notification not
 * already past. Answers the body to send when nothing is wrong.
 */
export const checkCreate = (
  values: CreateValues,
  zone: string,
  now: Date = new Date(),
): { errors: CreateErrors; body?: ReminderCreateBody } => {
  const errors: CreateErrors = {};
  if (values.clientId === null) errors.client = REQUIRED;
  const title = values.title.trim();
  if (title === '') errors.title = REQUIRED;
  else if (title.length > REMINDER_TITLE_MAX) errors.title = `Не более ${REMINDER_TITLE_MAX} символов`;
  const moment = checkDateTime(values.date, values.time, zone, now);
  if (moment.dateError) errors.date = moment.dateError;
  if (moment.timeError) errors.time = moment.timeError;
  const minutes = values.remindBefore === '' ? null : Number(values.remindBefore);
  if (minutes !== null) {
    if (!/^\d+$/.test(values.remindBefore)) errors.remindBefore = 'Введите целое число минут';
    else if (minutes > REMINDER_REMIND_BEFORE_MAX)
      errors.remindBefore = `Не больше ${REMINDER_REMIND_BEFORE_MAX.toLocaleString('ru-RU')} минут`;
    else if (moment.iso && Date.parse(moment.iso) - minutes * 60_000 <= now.getTime())
      errors.remindBefore = REMIND_BEFORE_PASSED;
  }
  if (Object.keys(errors).length > 0 || !moment.iso) return { errors };
  return {
    errors,
    body: {
      title,
      completion_date: moment.iso,
      remind_before: minutes,
      tasks: values.tasks,
      comments: values.comments,
      description: values.description,
    },
  };
};

/** A 422 answer's field errors, put under the form's fields (the first message of each). */
export const serverCreateErrors = (error: unknown): CreateErrors | null => {
  if (!isApiError(error) || error.status !== 422) return null;
  const out: CreateErrors = {};
  for (const [field, message] of firstFieldErrors(error.errors)) {
    const item = /^(tasks|comments)\.(\d+)$/.exec(field);
    if (item) {
      const key = item[1] === 'tasks' ? 'taskItems' : 'commentItems';
      out[key] = { ...out[key], [Number(item[2])]: message };
    } else if (field === 'title' || field === 'tasks' || field === 'comments' || field === 'description') {
      out[field] = message;
    } else if (field === 'completion_date') {
      out.time = message;
    } else if (field === 'remind_before') {
      out.remindBefore = message;
    } else if (field === 'client_id' || field === 'clientId') {
      out.client = message;
    }
  }
  return Object.keys(out).length > 0 ? out : null;
};
