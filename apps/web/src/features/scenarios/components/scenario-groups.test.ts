import { describe, expect, it } from 'vitest';
import type { Scenario, ScenarioEvents } from '@crm/contract';
import { groupScenarios, presetOf, reorderInList } from './scenario-groups';

const base = {
  description: '',
  schedule_for: 3600,
  remind_before: 600,
  tasks: [],
  knowledge_base_posts: [],
};

const category = (id: number, eventId: number, name: string, order: number): Scenario => ({
  ...base,
  id,
  title: `S${id}`,
  event_type: 'client_category_changed',
  event_id: eventId,
  event: { id: eventId, name, select_field: null },
  order,
});

const option = (
  id: number,
  optionId: number,
  optionName: string,
  fieldId: number,
  order: number,
): Scenario => ({
  ...base,
  id,
  title: `S${id}`,
  event_type: 'client_form_field_changed',
  event_id: optionId,
  event: { id: optionId, name: optionName, select_field: { id: fieldId, name: 'Источник' } },
  order,
});

const events: ScenarioEvents = {
  client_category_changed: [
    { id: 10, name: 'Новый', options: [], color: 'AC8BE5' },
    { id: 11, name: 'Встреча', options: [], color: 'FFD95F' },
  ],
  client_form_field_changed: [
    {
      id: 50,
      name: 'Источник',
      options: [
        { id: 501, name: 'Сайт' },
        { id: 502, name: 'Реклама' },
      ],
      color: null,
    },
  ],
};

describe('groupScenarios', () => {
  it('groups by event type, field and option, in the events order, each group by order', () => {
    const list = [
      option(7, 502, 'Реклама', 50, 0),
      category(1, 11, 'Встреча', 1),
      category(2, 10, 'Новый', 0),
      category(3, 11, 'Встреча', 0),
      option(8, 501, 'Сайт', 50, 0),
    ];
    const sections = groupScenarios(list, events);
    expect(sections.map((s) => s.label)).toEqual([
      'Категория клиента изменена',
      'Поле формы клиента изменено',
    ]);
    const [categories, fields] = sections;
    expect(categories!.fields.map((f) => [f.name, f.color])).toEqual([
      ['Новый', 'AC8BE5'],
      ['Встреча', 'FFD95F'],
    ]);
    expect(categories!.fields[1]!.groups).toHaveLength(1);
    expect(categories!.fields[1]!.groups[0]!.scenarios.map((s) => s.id)).toEqual([3, 1]);
    expect(categories!.fields[1]!.groups[0]!.preset).toEqual({
      eventType: 'client_category_changed',
      fieldId: 11,
      optionId: null,
    });
    expect(fields!.fields).toHaveLength(1);
    expect(fields!.fields[0]!.groups.map((g) => g.optionName)).toEqual(['Сайт', 'Реклама']);
    expect(fields!.fields[0]!.groups[1]!.preset).toEqual({
      eventType: 'client_form_field_changed',
      fieldId: 50,
      optionId: 502,
    });
  });

  it('still shows scenarios whose event the events answer lacks, after the known ones', () => {
    const sections = groupScenarios([category(1, 99, 'Удалённая', 0), category(2, 10, 'Новый', 0)], events);
    expect(sections[0]!.fields.map((f) => f.name)).toEqual(['Новый', 'Удалённая']);
    expect(groupScenarios([category(1, 10, 'Новый', 0)], undefined)[0]!.fields[0]!.name).toBe('Новый');
  });

  it('makes no section for an event type without scenarios', () => {
    expect(groupScenarios([], events)).toEqual([]);
  });
});

describe('presetOf and reorderInList', () => {
  it('presets the edit modal with the scenario’s own event', () => {
    expect(presetOf(option(1, 501, 'Сайт', 50, 0))).toEqual({
      eventType: 'client_form_field_changed',
      fieldId: 50,
      optionId: 501,
    });
    expect(presetOf(category(1, 10, 'Новый', 0)).fieldId).toBe(10);
  });

  it('renumbers one group and leaves the others', () => {
    const list = [category(1, 10, 'Новый', 0), category(2, 10, 'Новый', 1), category(3, 11, 'Встреча', 5)];
    const next = reorderInList(list, [2, 1]);
    expect(next.map((s) => [s.id, s.order])).toEqual([
      [1, 1],
      [2, 0],
      [3, 5],
    ]);
  });
});
