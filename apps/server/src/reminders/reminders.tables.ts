import type { Generated } from 'kysely';
import type { ReminderStatus, ScenarioEventType } from '@crm/contract';

/** A scenario: when a client enters `category_id` or gets `option_id`, make a reminder like this. */
export interface ReminderTemplatesTable {
  id: Generated<number>;
  project_id: number;
  event_type: ScenarioEventType;
  category_id: number | null;
  option_id: number | null;
  title: string;
  /** The hint, a rich-text JSON string. */
  description: string;
  /** Seconds from the event to the due time. */
  schedule_for: number;
  /** Seconds before the due time. */
  remind_before: number;
  /** JSON array of checklist titles. */
  tasks: string;
  /** Its place in its group (same event). */
  position: number;
  created_at: string;
  updated_at: string;
}

export interface ReminderTemplatePostsTable {
  template_id: number;
  post_id: number;
  position: number;
}

/**
 * A dated reminder about a client, for the client's manager. `remind_before` is in minutes and
 * `notify_at` the moment it makes (null: no notice); `notified_at` is set by the scheduler's
 * claim. A scenario's reminder keeps what fired it (`trigger_type`, `trigger_id`), so leaving that
 * category or option can mark it skipped.
 */
export interface ClientRemindersTable {
  id: Generated<number>;
  project_id: number;
  client_id: number;
  manager_id: number;
  template_id: number | null;
  trigger_type: ScenarioEventType | null;
  trigger_id: number | null;
  title: string;
  status: ReminderStatus;
  completion_date: string;
  remind_before: number | null;
  notify_at: string | null;
  notified_at: string | null;
  /** JSON array of strings. */
  comments: string;
  description: string;
  rescheduled: Generated<number>;
  tasks_total: Generated<number>;
  tasks_done: Generated<number>;
  /** When it last changed status (completed, canceled, expired or skipped at): statistics count from here. */
  status_changed_at: string;
  created_at: string;
  updated_at: string;
}

export interface ClientReminderTasksTable {
  id: Generated<number>;
  reminder_id: number;
  title: string;
  status: 'pending' | 'completed';
  position: number;
  completed_at: string | null;
}

export interface ClientReminderPostsTable {
  reminder_id: number;
  post_id: number;
  position: number;
}

declare module '../db/schema.js' {
  interface Database {
    reminder_templates: ReminderTemplatesTable;
    reminder_template_posts: ReminderTemplatePostsTable;
    client_reminders: ClientRemindersTable;
    client_reminder_tasks: ClientReminderTasksTable;
    client_reminder_posts: ClientReminderPostsTable;
  }
}
