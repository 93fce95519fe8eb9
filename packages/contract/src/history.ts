import { z } from 'zod';
import { dateParam } from './clients.js';
import { idSchema } from './common.js';

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
  'api_key.created',
  'api_key.revoked',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.switched_off',
  'lead_form.created',
  'lead_form.updated',
  'lead_form.deleted',
  'telegram.connected',
  'telegram.disconnected',
  'telegram.rules_changed',
  'telegram.member_linked',
  'telegram.member_unlinked',
  'client_message.sent',
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
  'loss_reason.created',
  'loss_reason.updated',
  'loss_reason.deleted',
  'clue.created',
  'clue.updated',
  'clue.deleted',
  'client.created',
  'client.updated',
  'client.deleted',
  'client.handed_over',
  'client.merged',
  'client.imported',
  'client_import.finished',
  'client_import.undone',
  'client_category_changed',
  'client_form.saved',
  'client_form.group_created',
  'client_form.group_updated',
  'client_form.field_deleted',
  'client_form_field_changed',
  'client_note.created',
  'client_call.logged',
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
  'conversation.created',
  'conversation.message_sent',
  'ai_question_group.created',
  'ai_question_group.updated',
  'ai_question_group.deleted',
  'ai_question.created',
  'ai_question.updated',
  'ai_question.deleted',
  'ai_prompt.created',
  'ai_prompt.updated',
  'ai_prompt.deleted',
] as const;

export type HistoryKind = (typeof historyKinds)[number];

// ---- reading the history (docs/product.md §9.1) ------------------------------------------------

/** What an entry is about, as the history page filters by it, with its Russian name. */
export const historySubjectLabels = {
  client: 'Клиенты',
  client_reminder: 'Напоминания',
  client_call: 'Звонки',
  conversation: 'Чаты',
  client_category: 'Категории клиентов',
  loss_reason: 'Причины отказа',
  client_import: 'Импорт клиентов',
  clue: 'Подсказки',
  client_form: 'Форма клиента',
  client_form_group: 'Форма клиента: группы',
  client_form_field: 'Форма клиента: поля',
  reminder_template: 'Авто-напоминания',
  knowledge_category: 'Темы библиотеки',
  knowledge_post: 'Статьи библиотеки',
  status: 'Статусы',
  user: 'Команда',
  invitation: 'Приглашения',
  project: 'Проект',
  api_key: 'API-ключи',
  webhook: 'Вебхуки',
  lead_form: 'Формы для сайта',
  telegram: 'Telegram',
  ai_question_group: 'AI: группы вопросов',
  ai_question: 'AI: вопросы',
  ai_prompt: 'AI: промпты',
} as const;
export type HistorySubjectType = keyof typeof historySubjectLabels;
export const HISTORY_SUBJECT_TYPES = Object.keys(historySubjectLabels) as HistorySubjectType[];

export const HISTORY_PAGE_SIZE = 50;
/** Where a page ended: the last entry's time and id ('2026-11-24T05:21:02.123Z~8123'). */
const CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z~\d+$/;
/** A page's cursor in a query (the history's `before`, a client's timeline's). */
export const historyCursor = z.string().regex(CURSOR, 'Неверный курсор');

/**
 * Filters: the person who acted, what the entry is about, one client, and days of the project
 * (from and to inclusive). `before` is the cursor: the previous answer's `next_before`.
 */
export const historyQuery = z.object({
  user_id: idSchema.optional(),
  subject_type: z.enum(HISTORY_SUBJECT_TYPES as [HistorySubjectType, ...HistorySubjectType[]]).optional(),
  client_id: idSchema.optional(),
  from: dateParam.optional(),
  to: dateParam.optional(),
  before: historyCursor.optional(),
});
export type HistoryQuery = z.input<typeof historyQuery>;

const personRef = z.object({ id: z.number().int(), name: z.string() });

export const historyEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(historyKinds),
  subject_type: z.string(),
  subject_id: z.number().int().nullable(),
  /** The client it is about: the page opens him in his side panel. */
  client_id: z.number().int().nullable(),
  /** Null: the server acted by itself (the scheduler). */
  actor: personRef.nullable(),
  /** The admin who acted through the actor's account. */
  impersonator: personRef.nullable(),
  message: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  created_at: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** Newest first; `next_before` fetches the next (older) page, null at the end. */
export const historyAnswer = z.object({
  data: z.array(historyEntrySchema),
  next_before: z.string().nullable(),
});
export type HistoryAnswer = z.infer<typeof historyAnswer>;

/** GET …/history/former-members: people removed from the project whose entries remain. */
export const formerMembersSchema = z.array(personRef);
