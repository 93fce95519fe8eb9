import {
  SCENARIO_EVENT_LABELS,
  SCENARIO_EVENT_TYPES,
  type Scenario,
  type ScenarioEvents,
  type ScenarioEventType,
} from '@crm/contract';

/** Where a new scenario starts from: the add card of a group presets all of it. */
export type EventPreset = {
  eventType: ScenarioEventType;
  /** The category (category events) or the select field (field events). */
  fieldId: number;
  /** The option of the select field; null for a category event. */
  optionId: number | null;
};

/** One drag-reorder grid: the scenarios of one event (a category, or one option of a field). */
export type ScenarioGroup = {
  key: string;
  /** The option's name for a field event; null for a category (the field level names it). */
  optionName: string | null;
  preset: EventPreset;
  scenarios: Scenario[];
};

/** A category, or a select field with its options' groups. */
export type ScenarioField = {
  key: string;
  name: string;
  /** A category's colour (six hex digits), null for a field. */
  color: string | null;
  groups: ScenarioGroup[];
};

export type ScenarioSection = {
  eventType: ScenarioEventType;
  label: string;
  fields: ScenarioField[];
};

const byOrder = (a: Scenario, b: Scenario) => a.order - b.order || a.id - b.id;

/** The field a scenario's event belongs to: the category itself, or the option's select field. */
const fieldOf = (scenario: Scenario) =>
  scenario.event_type === 'client_category_changed'
    ? { id: scenario.event_id, name: scenario.event.name }
    : { id: scenario.event.select_field?.id ?? 0, name: scenario.event.select_field?.name ?? '' };

/**
 * Scenarios grouped as the page shows them (docs/product.md §4.10): by event type (in the contract's order),
 * then the event field (categories and fields in the order of the events answer, that is the
 * pipeline's and the form's), then the option (field events), each group by its `order`.
 * A scenario whose event the events answer lacks (not loaded yet, failed) still shows, after
 * the known ones, by name. Only events with scenarios make a group.
 */
export const groupScenarios = (
  scenarios: Scenario[],
  events: ScenarioEvents | undefined,
): ScenarioSection[] =>
  SCENARIO_EVENT_TYPES.flatMap((eventType) => {
    const ofType = scenarios.filter((s) => s.event_type === eventType);
    if (ofType.length === 0) return [];
    const choices = events?.[eventType] ?? [];
    const fieldRank = new Map(choices.map((choice, index) => [choice.id, index]));
    const optionRank = new Map(
      choices.flatMap((choice) => choice.options.map((option, index) => [option.id, index] as const)),
    );
    const colorOf = new Map(choices.map((choice) => [choice.id, choice.color]));

    const fields = new Map<number, ScenarioField & { rank: number }>();
    for (const scenario of ofType) {
      const field = fieldOf(scenario);
      let entry = fields.get(field.id);
      if (!entry) {
        const known = choices.find((choice) => choice.id === field.id);
        entry = {
          key: `${eventType}-${field.id}`,
          name: known?.name ?? field.name,
          color: eventType === 'client_category_changed' ? (colorOf.get(field.id) ?? null) : null,
          rank: fieldRank.get(field.id) ?? Number.MAX_SAFE_INTEGER,
          groups: [],
        };
        fields.set(field.id, entry);
      }
      const isField = eventType === 'client_form_field_changed';
      const optionId = isField ? scenario.event_id : null;
      let group = entry.groups.find((g) => g.preset.optionId === optionId);
      if (!group) {
        group = {
          key: `${eventType}-${field.id}-${isField ? scenario.event_id : 0}`,
          optionName: isField ? scenario.event.name : null,
          preset: { eventType, fieldId: field.id, optionId },
          scenarios: [],
        };
        entry.groups.push(group);
      }
      group.scenarios.push(scenario);
    }

    const rankOf = (group: ScenarioGroup) =>
      group.preset.optionId === null ? 0 : (optionRank.get(group.preset.optionId) ?? Number.MAX_SAFE_INTEGER);
    const collator = new Intl.Collator('ru-RU');
    const sortedFields = [...fields.values()]
      .sort((a, b) => a.rank - b.rank || collator.compare(a.name, b.name))
      .map(({ rank: _rank, ...field }) => ({
        ...field,
        groups: field.groups
          .sort((a, b) => rankOf(a) - rankOf(b) || collator.compare(a.optionName ?? '', b.optionName ?? ''))
          .map((group) => ({ ...group, scenarios: [...group.scenarios].sort(byOrder) })),
      }));
    return [{ eventType, label: SCENARIO_EVENT_LABELS[eventType], fields: sortedFields }];
  });

/** The preset of a scenario's own group (its event), for the edit modal. */
export const presetOf = (scenario: Scenario): EventPreset =>
  scenario.event_type === 'client_category_changed'
    ? { eventType: scenario.event_type, fieldId: scenario.event_id, optionId: null }
    : {
        eventType: scenario.event_type,
        fieldId: scenario.event.select_field?.id ?? 0,
        optionId: scenario.event_id,
      };

/**
 * The list with one group's scenarios put in the order of `ids` (their `order` renumbered from
 * 0); the others untouched. What the page shows at once while the new order is saved.
 */
export const reorderInList = (scenarios: Scenario[], ids: number[]): Scenario[] => {
  const position = new Map(ids.map((id, index) => [id, index]));
  return scenarios.map((scenario) => {
    const index = position.get(scenario.id);
    return index === undefined ? scenario : { ...scenario, order: index };
  });
};
