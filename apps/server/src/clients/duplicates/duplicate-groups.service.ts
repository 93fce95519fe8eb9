import {
  DUPLICATE_GROUP_CLIENTS_SHOWN,
  DUPLICATE_GROUPS_PER_PAGE,
  type DuplicateGroup,
  type DuplicateGroupsPage,
} from '@crm/contract';
import { formatPhone } from '@crm/contract/phone-format';
import type { AppDeps } from '../../deps.js';
import type { MemberActor } from '../../http/actor.js';
import { foldText } from '../../lib/fold-text.js';
import { contactKeysOf, duplicateGroupRows } from './duplicate-groups.repository.js';
import { clientsWithOwners } from './duplicates.repository.js';

/** A contact key (contact-keys.ts) as people read it: the number grouped, the link without 'web:'. */
const shownKey = (key: string) =>
  key.startsWith('tel:')
    ? { match: 'phone_number' as const, value: formatPhone(key.slice(4)) }
    : { match: 'social_network' as const, value: key.replace(/^web:/, '') };

/**
 * A page of the project's duplicate groups for the 'Дубли' view (admins; docs/product.md,
 * "Duplicates"): each with its first clients, oldest first, and what all of them share.
 */
export async function listDuplicateGroups(
  { db, dialect }: AppDeps,
  caller: MemberActor,
  page: number,
): Promise<DuplicateGroupsPage> {
  const perPage = DUPLICATE_GROUPS_PER_PAGE;
  const { groups, total } = await duplicateGroupRows(
    db,
    dialect,
    caller.projectId,
    perPage,
    (page - 1) * perPage,
  );
  const shownIds = groups.flatMap((g) => g.ids.slice(0, DUPLICATE_GROUP_CLIENTS_SHOWN));
  const [clients, keys] = await Promise.all([
    clientsWithOwners(db, caller.projectId, shownIds),
    contactKeysOf(db, shownIds),
  ]);
  const byId = new Map(clients.map((c) => [c.id, c]));
  const keysOf = new Map<number, Set<string>>();
  for (const { client_id, key } of keys) keysOf.set(client_id, (keysOf.get(client_id) ?? new Set()).add(key));

  const data = groups.map(({ possible, ids }): DuplicateGroup => {
    const members = ids.slice(0, DUPLICATE_GROUP_CLIENTS_SHOWN).flatMap((id) => byId.get(id) ?? []);
    const [first, ...rest] = members;
    const common = [...(keysOf.get(first?.id ?? 0) ?? [])]
      .filter((key) => rest.every((c) => keysOf.get(c.id)?.has(key)))
      .sort();
    const fullName = (c: { name: string; last_name: string }) => foldText(`${c.name} ${c.last_name}`);
    const namesakes = first !== undefined && rest.every((c) => fullName(c) === fullName(first));
    return {
      possible,
      shared: [
        ...common.map(shownKey),
        ...(namesakes ? [{ match: 'name' as const, value: `${first.name} ${first.last_name}` }] : []),
      ],
      clients: members.map((c) => ({
        id: c.id,
        name: c.name,
        last_name: c.last_name,
        manager: { id: c.manager_id, name: c.manager_name },
        category_id: c.category_id,
        created_at: c.created_at,
      })),
      total: ids.length,
    };
  });
  return {
    data,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
  };
}
