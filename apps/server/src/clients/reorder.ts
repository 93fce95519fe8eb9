import { invalidField } from '../http/app-error.js';

/**
 * A reorder request (`{ids}`) must list every known id exactly once: an unknown or repeated id is
 * refused on `ids.N`, a missing one on `ids`. Shared by the categories and the form groups.
 */
export function assertExactOrder(
  ids: number[],
  knownIds: number[],
  messages: { unknown: string; repeated: string; incomplete: string },
): void {
  const known = new Set(knownIds);
  const seen = new Set<number>();
  ids.forEach((id, i) => {
    if (!known.has(id)) throw invalidField(`ids.${i}`, messages.unknown);
    if (seen.has(id)) throw invalidField(`ids.${i}`, messages.repeated);
    seen.add(id);
  });
  if (seen.size !== known.size) throw invalidField('ids', messages.incomplete);
}
