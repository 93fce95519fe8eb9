import { z } from 'zod';
import { bodyId, idSchema, REQUIRED, requiredText } from './common.js';
import { richTextJson } from './rich-text.js';
import { REMINDER_TITLE_MAX } from './reminder-constants.js';
import { taskTitles } from './reminders.js';

// ---- reminder scenarios, the API's "client reminder templates" (docs/product.md §4.10) ------

export const SCENARIO_EVENT_TYPES = ['client_category_changed', 'client_form_field_changed'] as const;
export type ScenarioEventType = (typeof SCENARIO_EVENT_TYPES)[number];

/** The event labels of the spec. */
export const SCENARIO_EVENT_LABELS: Record<ScenarioEventType, string> = {
  client_category_changed: 'Категория клиента изменена',
  client_form_field_changed: 'Поле формы клиента изменено',
};

/** 'Через N часов' at least an hour (at 0 the reminder would be overdue when made) and at most ten years; notify-before at most a year. */
export const SCENARIO_SCHEDULE_MIN = 3600;
export const SCENARIO_SCHEDULE_MAX = 87_600 * 3600;
export const SCENARIO_SCHEDULE_TOO_SOON =
  'Не меньше 1 часа: напоминание со сроком в момент события было бы просрочено сразу';
export const SCENARIO_REMIND_BEFORE_MAX = 8_760 * 3600;
export const SCENARIO_POSTS_MAX = 20;
export const SCENARIOS_PER_GROUP_MAX = 100;

export const SCENARIO_NOT_FOUND = 'Сценарий не найден';
export const SCENARIO_EVENT_NOT_FOUND = 'Событие не найдено: выберите категорию или значение поля';
export const SCENARIO_EVENT_LOCKED = 'Событие сценария нельзя изменить';
export const SCENARIO_REMIND_AFTER_CREATION = 'Уведомление не может быть раньше, чем появится напоминание';
export const SCENARIO_POST_NOT_FOUND = 'Статья не найдена';
export const SCENARIO_ORDER_GROUP =
  'Порядок меняется внутри одной группы сценариев: передайте все её сценарии';

const seconds = (max: number) =>
  z
    .number({ error: REQUIRED })
    .int('Введите целое число')
    .min(0, 'Введите целое неотрицательное число')
    .max(max, 'Слишком большое значение');

/**
 * What a scenario starts from: a category (its `select_field` null) or an option of a select
 * field (`select_field` is that field).
 */
export const scenarioEventSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  select_field: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});

export const scenarioSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  event_type: z.enum(SCENARIO_EVENT_TYPES),
  /** The category entered, or the option got. */
  event_id: z.number().int(),
  event: scenarioEventSchema,
  /** The hint: a rich-text JSON string. */
  description: z.string(),
  /** Seconds from the event to the reminder's due time. */
  schedule_for: z.number().int(),
  /** Seconds before the due time the manager is notified. */
  remind_before: z.number().int(),
  tasks: z.array(z.string()),
  knowledge_base_posts: z.array(z.object({ id: z.number().int(), title: z.string(), content: z.string() })),
  /** Its place in its group (same event type and event). */
  order: z.number().int(),
});
export type Scenario = z.infer<typeof scenarioSchema>;

export const scenarioParams = z.object({ projectId: idSchema, id: idSchema });

const scenarioFields = {
  title: requiredText(REMINDER_TITLE_MAX),
  description: richTextJson().refine((v) => v !== '', REQUIRED),
  schedule_for: seconds(SCENARIO_SCHEDULE_MAX).min(SCENARIO_SCHEDULE_MIN, SCENARIO_SCHEDULE_TOO_SOON),
  remind_before: seconds(SCENARIO_REMIND_BEFORE_MAX),
  tasks: taskTitles().optional().default([]),
  posts: z
    .array(bodyId(SCENARIO_POST_NOT_FOUND))
    .max(SCENARIO_POSTS_MAX, `Не более ${SCENARIO_POSTS_MAX} статей`)
    .optional()
    .default([])
    .transform((ids) => [...new Set(ids)]),
};

const notifyAfterCreation = <T extends { schedule_for: number; remind_before: number }>(b: T) =>
  b.remind_before <= b.schedule_for;

/** POST /client-reminder-templates. */
export const scenarioCreateBody = z
  .object({
    event_type: z.enum(SCENARIO_EVENT_TYPES, { error: REQUIRED }),
    event_id: bodyId(SCENARIO_EVENT_NOT_FOUND),
    ...scenarioFields,
  })
  .refine(notifyAfterCreation, { message: SCENARIO_REMIND_AFTER_CREATION, path: ['remind_before'] });
export type ScenarioCreateBody = z.input<typeof scenarioCreateBody>;

/** PUT /client-reminder-templates/{id}: the event is fixed (sent unchanged, or left out). */
export const scenarioUpdateBody = z
  .object({
    event_type: z.enum(SCENARIO_EVENT_TYPES).optional(),
    event_id: bodyId(SCENARIO_EVENT_NOT_FOUND).optional(),
    ...scenarioFields,
  })
  .refine(notifyAfterCreation, { message: SCENARIO_REMIND_AFTER_CREATION, path: ['remind_before'] });
export type ScenarioUpdateBody = z.input<typeof scenarioUpdateBody>;

/** Change order inside one group: every scenario of that group, each once, in the new order. */
export const scenarioOrderBody = z.object({
  ids: z.array(bodyId(SCENARIO_NOT_FOUND), { error: REQUIRED }).min(1, REQUIRED).max(SCENARIOS_PER_GROUP_MAX),
});
export type ScenarioOrderBody = z.input<typeof scenarioOrderBody>;

/** GET /client-reminder-templates/events: what a scenario can start from, by event type. */
const eventChoice = z.object({
  id: z.number().int(),
  name: z.string(),
  /** A select field's options (the event ids); empty for a category. */
  options: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** A category's colour; null for a field. */
  color: z.string().nullable(),
});
export const scenarioEventsSchema = z.object({
  client_category_changed: z.array(eventChoice),
  client_form_field_changed: z.array(eventChoice),
});
export type ScenarioEvents = z.infer<typeof scenarioEventsSchema>;
