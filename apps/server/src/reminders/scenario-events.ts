import type { ScenarioEventType } from '@crm/contract';
import type { PipelineEvents } from '../clients/index.js';

/**
 * The events scenarios start from (the clients feature's stages and select options), by id, each
 * with its name and its place: stages in pipeline order, then options in the form's order.
 */
export function eventIndex(events: PipelineEvents) {
  const categories = new Map(
    events.categories.map((c, rank) => [c.id, { id: c.id, name: c.name, color: c.color, rank }]),
  );
  const options = new Map<
    number,
    { id: number; name: string; rank: number; field: { id: number; name: string } }
  >();
  for (const field of events.fields) {
    for (const option of field.options) {
      options.set(option.id, { ...option, rank: options.size, field: { id: field.id, name: field.name } });
    }
  }
  return { categories, options };
}
export type EventIndex = ReturnType<typeof eventIndex>;

/** The event a scenario names, if it is the project's: a stage, or an option of a select field. */
export const findEvent = (index: EventIndex, type: ScenarioEventType, id: number) =>
  type === 'client_category_changed' ? index.categories.get(id) : index.options.get(id);
