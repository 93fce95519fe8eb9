import { z } from 'zod';
import {
  REQUIRED,
  SCENARIO_REMIND_AFTER_CREATION,
  scenarioCreateBody,
  type Scenario,
  type ScenarioCreateBody,
  type ScenarioEventType,
} from '@crm/contract';
import { presetOf, type EventPreset } from './scenario-groups';
import { hoursOf, minutesOf, toRemindBefore, toScheduleFor } from './scenario-format';

const body = scenarioCreateBody.shape;

/** Hours or minutes as typed (digits), checked as the seconds the API reads; nothing typed is not given. */
const seconds = (toSeconds: (digits: string) => number, rule: typeof body.schedule_for) =>
  z
    .string()
    .transform((digits) => (digits === '' ? undefined : toSeconds(digits)))
    .pipe(rule);

/** The articles shown by title, sent by id. */
const posts = z
  .array(z.object({ id: z.number(), title: z.string() }))
  .transform((chosen): number[] | undefined => chosen.map((post) => post.id))
  .pipe(body.posts);

/**
 * The scenario modal's fields, each checked by the contract's rule for what the API reads from it.
 * Checked here: the event's field and option, which the API reads as one `event_id`, are chosen;
 * and the contract's rule across hours and minutes, which it states on the body's seconds.
 */
export const scenarioFormSchema = z
  .object({
    title: body.title,
    event_type: body.event_type,
    /** The category of a category event; the select field of a field event. */
    field: z.string(),
    /** The select field's option of a field event. */
    option: z.string(),
    hours: seconds(toScheduleFor, body.schedule_for),
    minutes: seconds(toRemindBefore, body.remind_before),
    description: body.description,
    tasks: body.tasks,
    posts,
  })
  .superRefine(
    // Typed loosely: running beside refused fields, it may see one missing ('' hours) or invalid.
    (form: { event_type?: string; field: string; option: string; hours?: number; minutes?: number }, ctx) => {
      if (form.event_type && form.field === '')
        ctx.addIssue({ code: 'custom', path: ['field'], message: REQUIRED });
      if (form.event_type === 'client_form_field_changed' && form.field !== '' && form.option === '')
        ctx.addIssue({ code: 'custom', path: ['option'], message: REQUIRED });
      if (form.hours !== undefined && form.minutes !== undefined && form.minutes > form.hours)
        ctx.addIssue({ code: 'custom', path: ['minutes'], message: SCENARIO_REMIND_AFTER_CREATION });
    },
    // Also while another field is refused, so that every message shows at once.
    { when: () => true },
  );

export type ScenarioFormValues = z.input<typeof scenarioFormSchema>;
export type ScenarioFormOutput = z.output<typeof scenarioFormSchema>;

/** The modal's first values: the scenario's, or a new one's (the event of the group it is added to). */
export const scenarioFormValues = (scenario?: Scenario, preset?: EventPreset): ScenarioFormValues => {
  const start = scenario ? presetOf(scenario) : preset;
  return {
    title: scenario?.title ?? '',
    // '' shows the 'Выберите событие' placeholder until an event is chosen.
    event_type: start?.eventType ?? ('' as ScenarioEventType),
    field: start ? String(start.fieldId) : '',
    option: start?.optionId ? String(start.optionId) : '',
    hours: scenario ? hoursOf(scenario.schedule_for) : '',
    minutes: scenario ? minutesOf(scenario.remind_before) : '',
    description: scenario?.description ?? '',
    tasks: scenario?.tasks ?? [],
    posts: scenario?.knowledge_base_posts.map(({ id, title }) => ({ id, title })) ?? [],
  };
};

/** What is sent: a field event's `event_id` is its option, a category event's the category. */
export const scenarioBodyOf = (form: ScenarioFormOutput): ScenarioCreateBody => ({
  event_type: form.event_type,
  event_id: Number(form.event_type === 'client_form_field_changed' ? form.option : form.field),
  title: form.title,
  description: form.description,
  schedule_for: form.hours,
  remind_before: form.minutes,
  tasks: form.tasks,
  posts: form.posts,
});

/** The fields a 422 answer's messages go under, and the API's names for those called otherwise. */
export const SCENARIO_FIELDS = [
  'title',
  'event_type',
  'field',
  'option',
  'hours',
  'minutes',
  'description',
  'tasks',
  'posts',
] as const;
export const scenarioFieldsRenamed = (eventType: string | undefined) =>
  ({
    event_id: eventType === 'client_form_field_changed' ? 'option' : 'field',
    schedule_for: 'hours',
    remind_before: 'minutes',
  }) as const;
