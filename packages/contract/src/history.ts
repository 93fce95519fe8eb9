/**
 * What can happen in a project: each kind is both a domain event that features react to and the
 * `kind` of its entry in the project's history ("<subject>.<what happened>"). A feature adds
 * its kinds here when it is built. One exception to the pattern: `client_category_changed` keeps
 * the product's own name (docs/product.md §4.10), because it is also the event a reminder
 * scenario is triggered by (`event_type`); a manual move and an automatic one are both this kind.
 */
export const historyKinds = [
  'project.updated',
  'invitation.sent',
  'invitation.accepted',
  'invitation.revoked',
  'member.removed',
  'member.status_changed',
  'impersonation.started',
  'status.created',
  'status.updated',
  'status.deleted',
  'status.reset',
  'status.goals_set',
  'status.deposit_goal_set',
  'client_category.created',
  'client_category.updated',
  'client_category.deleted',
  'client_category.reordered',
  'clue.created',
  'clue.updated',
  'clue.deleted',
  'client.created',
  'client.updated',
  'client.deleted',
  'client.handed_over',
  'client_category_changed',
  'client_form.saved',
  'client_form.group_created',
  'client_form.group_updated',
  'client_form.field_deleted',
  'client_form_field_changed',
  'client_note.created',
  'knowledge_category.created',
  'knowledge_category.updated',
  'knowledge_category.deleted',
  'knowledge_post.created',
  'knowledge_post.updated',
  'knowledge_post.deleted',
  'client_reminder.created',
  'client_reminder.rescheduled',
  'client_reminder.remind_before_set',
  'client_reminder.tasks_completed',
  'client_reminder.completed',
  'client_reminder.canceled',
  'client_reminder.expired',
  'client_reminder.skipped',
  'reminder_template.created',
  'reminder_template.updated',
  'reminder_template.reordered',
] as const;

export type HistoryKind = (typeof historyKinds)[number];
