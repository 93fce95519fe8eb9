import type { CalendarReminder, ClientReminder, ReminderListItem } from '@crm/contract';
import type { CalendarRow, ReminderListRow, ReminderRow } from './reminders.repository.js';

export const toCalendarItem = (row: CalendarRow): CalendarReminder => ({
  id: row.id,
  title: row.title,
  status: row.status,
  completion_date: row.completion_date,
  client: { id: row.client_id, name: row.client_name, last_name: row.client_last_name },
  manager: { id: row.manager_id, name: row.manager_name },
});

export const toListItem = (row: ReminderListRow): ReminderListItem => ({
  id: row.id,
  title: row.title,
  status: row.status,
  completion_date: row.completion_date,
  rescheduled: Boolean(row.rescheduled),
  tasks_total: row.tasks_total,
  tasks_done: row.tasks_done,
  all_tasks_completed: row.tasks_done >= row.tasks_total,
  client: {
    id: row.client_id,
    name: row.client_name,
    last_name: row.client_last_name,
    category_id: row.client_category_id,
  },
  manager: { id: row.manager_id, name: row.manager_name },
  template_id: row.template_id,
});

export const toReminder = (
  row: ReminderRow,
  tasks: { id: number; title: string; status: 'pending' | 'completed' }[],
  posts: { id: number; title: string }[],
): ClientReminder => ({
  ...toListItem(row),
  remind_before: row.remind_before === null ? '' : String(row.remind_before),
  notify_at: row.notify_at,
  tasks: tasks.map(({ id, title, status }) => ({ id, title, status })),
  comments: JSON.parse(row.comments) as string[],
  description: row.description,
  knowledge_base_posts: posts,
  created_at: row.created_at,
  updated_at: row.updated_at,
});
