import { z } from 'zod';
import { clientCallSchema } from './clients-calls.js';
import { categoryOutcomes, clientSchema } from './clients.js';
import { formFieldTypes } from './clients-form.js';
import { idSchema } from './common.js';
import { historyCursor, historyKinds } from './history.js';
import { REMINDER_STATUSES } from './reminder-constants.js';

// ---- the client's page and its timeline (docs/product.md §4.8, "The client's page") --------

/** A timeline's page: 50 entries, newest first. */
export const TIMELINE_PAGE_SIZE = 50;

const personRef = z.object({ id: z.number().int(), name: z.string() });

/** A stage as an entry names it: its colour is null once the stage is deleted. */
const stageRef = z.object({ id: z.number().int(), name: z.string(), color: z.string().nullable() });

/** What happened to a reminder, as the timeline tells it. */
export const timelineReminderEvents = [
  'created',
  'rescheduled',
  'remind_before_set',
  'tasks_completed',
  'completed',
  'canceled',
  'expired',
  'skipped',
] as const;

/** The typed details of an entry, by what it is about; `other` shows the history's sentence. */
export const timelineDetailsSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('created'), stage: stageRef.nullable() }),
  z.object({ type: z.literal('note'), text: z.string() }),
  z.object({
    type: z.literal('reminder'),
    reminder_id: z.number().int(),
    event: z.enum(timelineReminderEvents),
    /** Null: the reminder is gone (its client's merge took it, or it was never readable). */
    title: z.string().nullable(),
    /** The reminder's status now (null: gone). */
    status: z.enum(REMINDER_STATUSES).nullable(),
    /** Its due moment: the new one for a reschedule; now for the rest. */
    completion_date: z.string().nullable(),
    /** A reschedule's former due moment. */
    previous_completion_date: z.string().nullable(),
    /** Made by a scenario (no person). */
    by_scenario: z.boolean(),
  }),
  z.object({
    type: z.literal('stage'),
    from: stageRef,
    to: stageRef,
    automatic: z.boolean(),
    /** A move into a stage that ends the pipeline: won or lost, the loss reason, the final amount. */
    closing: z
      .object({
        outcome: z.enum(categoryOutcomes),
        loss_reason: z.string().nullable(),
        final_amount: z.number().nullable(),
      })
      .nullable(),
  }),
  z.object({
    type: z.literal('changes'),
    /** Each changed value: its label ('Сумма', a field's name) and the texts before and after. */
    changes: z.array(z.object({ label: z.string(), before: z.string(), after: z.string() })),
  }),
  z.object({
    type: z.literal('message'),
    conversation_id: z.number().int(),
    /** The message's text; null when it can no longer be read. */
    text: z.string().nullable(),
    /** Written by an administrator (an answer), else by the manager (a question). */
    from_admin: z.boolean(),
  }),
  z.object({ type: z.literal('call'), call: clientCallSchema }),
  z.object({ type: z.literal('import'), import_id: z.number().int() }),
  z.object({ type: z.literal('merge'), other: z.object({ id: z.number().int(), name: z.string() }) }),
  z.object({ type: z.literal('other') }),
]);
export type TimelineDetails = z.infer<typeof timelineDetailsSchema>;

export const timelineEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(historyKinds),
  /** Null: the server acted by itself (an automatic move, an expiry). */
  actor: personRef.nullable(),
  impersonator: personRef.nullable(),
  created_at: z.string(),
  /** The history's sentence, for what the details do not say. */
  message: z.string(),
  details: timelineDetailsSchema,
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** Newest first; `next_before` fetches the next (older) page, null at the end. */
export const timelinePageSchema = z.object({
  data: z.array(timelineEntrySchema),
  next_before: z.string().nullable(),
});
export type TimelinePage = z.infer<typeof timelinePageSchema>;

export const clientPageParams = z.object({ projectId: idSchema, clientId: idSchema });
export const timelineQuery = z.object({ before: historyCursor.optional() });
export type TimelineQuery = z.input<typeof timelineQuery>;

/** A form field with the client's value ('' for none) and its text as shown (an option's name, a phone). */
export const clientPageFieldSchema = z.object({
  field_id: z.number().int(),
  name: z.string(),
  type: z.enum(formFieldTypes),
  value: z.string(),
  text: z.string(),
});
export type ClientPageField = z.infer<typeof clientPageFieldSchema>;

/** The page's first answer: the client, his stage, every form field, the timeline's first page. */
export const clientPageSchema = z.object({
  client: clientSchema,
  stage: z.object({
    id: z.number().int(),
    name: z.string(),
    color: z.string(),
    /** The stage's hint (rich-text JSON), null without one. */
    clue: z.string().nullable(),
  }),
  fields: z.array(clientPageFieldSchema),
  timeline: timelinePageSchema,
});
export type ClientPage = z.infer<typeof clientPageSchema>;
