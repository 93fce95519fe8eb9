import {
  DUPLICATES_SHOWN,
  type ClientDuplicate,
  type DuplicateMatch,
  type PhoneCountry,
} from '@crm/contract';
import type { Db } from '../../db/database.js';
import { ownScope, type MemberActor } from '../../http/actor.js';
import { notFound } from '../../http/app-error.js';
import { foldText } from '../../lib/fold-text.js';
import { findProjectPhoneCountry } from '../../lib/project-days.js';
import { findClient } from '../clients.repository.js';
import { CLIENT_404 } from '../clients.service.js';
import { listClientValues } from '../form/form.repository.js';
import { formFieldsById } from '../form/form.service.js';
import { contactKey, storedContactKey } from './contact-keys.js';
import { clientsWithContactKeys, clientsWithFullName, clientsWithOwners } from './duplicates.repository.js';

export type DuplicateProbe = {
  /** The client itself when it exists (it duplicates no one by its own values). */
  clientId: number | null;
  name: string;
  last_name: string;
  /** Values as written; those the client has stored (an edit's unchanged ones) are read as stored. */
  fields: { field_id: number; value: string }[];
  /** An edit's check: only what the new values bring, not what the stored ones already share. */
  newOnly?: boolean;
};

type Form = Awaited<ReturnType<typeof formFieldsById>>;
type FieldValue = { field_id: number; value: string };

/**
 * The project's clients that a client with these values duplicates (docs/product.md,
 * "Duplicates"): a shared phone or link first, then the same name alone. A manager is told of
 * another manager's client only that it exists and whose it is.
 */
export async function findDuplicates(
  db: Db,
  caller: MemberActor,
  probe: DuplicateProbe,
  /** The project's form and phone country when the caller has read them (a save has, to check the values). */
  known?: { form: Form; country: PhoneCountry },
): Promise<ClientDuplicate[]> {
  const scope = ownScope(caller);
  const [form, country] = known
    ? [known.form, known.country]
    : await Promise.all([
        formFieldsById(db, caller.projectId),
        findProjectPhoneCountry(db, caller.projectId),
      ]);
  const read = { form, country };
  let stored: FieldValue[] = [];
  let edited: Awaited<ReturnType<typeof findClient>> = undefined;
  if (probe.clientId !== null) {
    if (probe.newOnly) {
      edited = await findClient(db, caller.projectId, probe.clientId, scope);
      if (!edited) throw notFound(CLIENT_404);
    }
    stored = await listClientValues(db, [probe.clientId]);
  }
  const matches = await matchesOf(db, caller.projectId, read, probe, stored);
  if (edited) {
    // An edit is told only of what it brings: the client's stored values' duplicates are known.
    const known = await matchesOf(
      db,
      caller.projectId,
      read,
      { ...edited, clientId: edited.id, fields: stored },
      stored,
    );
    for (const [id, kinds] of matches) {
      if ([...kinds].every((kind) => known.get(id)?.has(kind))) matches.delete(id);
    }
  }
  const surest = [...matches]
    .sort(([a, am], [b, bm]) => strength(bm) - strength(am) || a - b)
    .slice(0, DUPLICATES_SHOWN);
  const found = new Map(
    (
      await clientsWithOwners(
        db,
        caller.projectId,
        surest.map(([id]) => id),
      )
    ).map((c) => [c.id, c]),
  );
  return surest.flatMap(([id, kinds]) => {
    const client = found.get(id);
    if (!client) return [];
    const seen = scope === null || client.manager_id === scope;
    return [
      {
        client: seen ? { id: client.id, name: client.name, last_name: client.last_name } : null,
        manager: { id: client.manager_id, name: client.manager_name },
        matches: [...kinds].sort((x, y) => ORDER.indexOf(x) - ORDER.indexOf(y)),
      },
    ];
  });
}

/**
 * The project's clients that share something with these values, with what they share. A value
 * the client has stored is read as stored (a phone as the international number it is), any other
 * as written, with the project's phone country.
 */
async function matchesOf(
  db: Db,
  projectId: number,
  { form, country }: { form: Form; country: PhoneCountry },
  probe: DuplicateProbe,
  stored: FieldValue[],
) {
  const storedValues = new Set(stored.map((v) => `${v.field_id}:${v.value}`));
  const typeOfKey = new Map<string, DuplicateMatch>();
  for (const { field_id, value } of probe.fields) {
    const type = form.get(field_id)?.type;
    if (type !== 'phone_number' && type !== 'social_network') continue;
    if (value.trim() === '') continue;
    const key = storedValues.has(`${field_id}:${value}`)
      ? storedContactKey(type, value, country)
      : contactKey(type, value, country);
    if (key) typeOfKey.set(key, type);
  }
  const matches = new Map<number, Set<DuplicateMatch>>();
  const add = (id: number, match: DuplicateMatch) =>
    matches.set(id, (matches.get(id) ?? new Set()).add(match));
  for (const { client_id, key } of await clientsWithContactKeys(
    db,
    projectId,
    [...typeOfKey.keys()],
    probe.clientId,
  )) {
    add(client_id, typeOfKey.get(key)!);
  }
  const folded = { name: foldText(probe.name), lastName: foldText(probe.last_name) };
  if (folded.name !== '' && folded.lastName !== '') {
    for (const id of await clientsWithFullName(db, projectId, folded, probe.clientId, DUPLICATES_SHOWN)) {
      add(id, 'name');
    }
  }
  return matches;
}

const ORDER: DuplicateMatch[] = ['phone_number', 'social_network', 'name'];
/** A shared contact outweighs a shared name; more shared things outweigh fewer. */
const strength = (kinds: Set<DuplicateMatch>) =>
  [...kinds].reduce((sum, k) => sum + (k === 'name' ? 1 : 10), 0);

/** A stored client's duplicates: what its own values share ('Объединить' chooses among them). */
export async function storedClientDuplicates(db: Db, caller: MemberActor, clientId: number) {
  const stored = await findClient(db, caller.projectId, clientId, ownScope(caller));
  if (!stored) throw notFound(CLIENT_404);
  const fields = await listClientValues(db, [clientId]);
  return findDuplicates(db, caller, { clientId, name: stored.name, last_name: stored.last_name, fields });
}
