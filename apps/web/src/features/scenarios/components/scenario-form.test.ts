import { describe, expect, it } from 'vitest';
import {
  REQUIRED,
  SCENARIO_REMIND_AFTER_CREATION,
  SCENARIO_SCHEDULE_TOO_SOON,
  type ScenarioEventType,
} from '@crm/contract';
import {
  scenarioBodyOf,
  scenarioFormSchema,
  scenarioFormValues,
  type ScenarioFormValues,
} from './scenario-form';

const HINT = JSON.stringify([{ type: 'paragraph', children: [{ text: 'Позвоните' }] }]);

/** Each refused field's first message, as the form shows them. */
const messages = (values: ScenarioFormValues) => {
  const result = scenarioFormSchema.safeParse(values);
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[issue.path.join('.')] ??= issue.message;
  return found;
};

const filled: ScenarioFormValues = {
  ...scenarioFormValues(),
  title: ' Позвонить ',
  event_type: 'client_form_field_changed',
  field: '4',
  option: '9',
  hours: '24',
  minutes: '30',
  description: HINT,
  tasks: ['Позвонить'],
  posts: [{ id: 3, title: 'Скрипт' }],
};

describe('the scenario form', () => {
  it('says every required field at once, the event field waiting for the event', () => {
    expect(messages(scenarioFormValues())).toEqual({
      title: REQUIRED,
      event_type: REQUIRED,
      hours: REQUIRED,
      minutes: REQUIRED,
      description: REQUIRED,
    });
    expect(messages({ ...filled, field: '', option: '' })).toEqual({ field: REQUIRED });
    expect(messages({ ...filled, option: '' })).toEqual({ option: REQUIRED });
    expect(messages({ ...filled, event_type: 'client_category_changed', option: '' })).toEqual({});
  });

  it('refuses a reminder due at once, and a notice before the reminder exists, whatever else is missing', () => {
    expect(
      messages({ ...filled, title: '', event_type: '' as ScenarioEventType, hours: '0', minutes: '30' }),
    ).toEqual({
      title: REQUIRED,
      event_type: REQUIRED,
      hours: SCENARIO_SCHEDULE_TOO_SOON,
      minutes: SCENARIO_REMIND_AFTER_CREATION,
    });
  });

  it("sends a field event's option as its event, hours and minutes in seconds, articles by id", () => {
    const checked = scenarioFormSchema.parse(filled);
    expect(scenarioBodyOf(checked)).toEqual({
      event_type: 'client_form_field_changed',
      event_id: 9,
      title: 'Позвонить',
      description: HINT,
      schedule_for: 24 * 3600,
      remind_before: 30 * 60,
      tasks: ['Позвонить'],
      posts: [3],
    });
    expect(
      scenarioBodyOf(scenarioFormSchema.parse({ ...filled, event_type: 'client_category_changed' })).event_id,
    ).toBe(4);
  });
});
