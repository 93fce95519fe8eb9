import { MERGE_SAME_CLIENT, type Client } from '@crm/contract';
import { transaction } from '../../db/transaction.js';
import type { AppDeps } from '../../deps.js';
import type { MemberActor } from '../../http/actor.js';
import { invalidField, notFound } from '../../http/app-error.js';
import { deleteClientRow, lockClient, updateClientFields } from '../clients.repository.js';
import { CLIENT_404, fullName, viewOf } from '../clients.service.js';
import { replaceClientValues } from '../form/form.repository.js';
import { formFieldsById } from '../form/form.service.js';
import { moveClientNotes } from '../notes/notes.repository.js';
import { moveClientCalls } from '../calls/calls.repository.js';
import { refreshClientSearch } from '../search/search.repository.js';
import { refreshClientContacts } from './duplicates.repository.js';

/**
 * The survivor's values with its empty ones filled from the other (docs/product.md,
 * "Duplicates"): a name, a zero amount, an unticked 'Траффик', a form field without a value.
 * Answers the values and what was filled, by its Russian name.
 */
function filledValues(survivor: Client, other: Client, fieldNames: Map<number, string>) {
  const filled: string[] = [];
  const take = <T>(own: T, theirs: T, empty: boolean, what: string) => {
    if (!empty || theirs === own) return own;
    filled.push(what);
    return theirs;
  };
  const name = take(survivor.name, other.name, survivor.name === '', 'имя');
  const lastName = take(survivor.last_name, other.last_name, survivor.last_name === '', 'фамилия');
  const amount = take(survivor.amount, other.amount, survivor.amount === 0, 'сумма');
  const traffic = take(survivor.traffic, other.traffic, !survivor.traffic, 'траффик');
  const own = new Set(survivor.fields.map((v) => v.field_id));
  const added = other.fields.filter((v) => !own.has(v.field_id) && v.value !== '');
  for (const v of added) filled.push(`поле «${fieldNames.get(v.field_id) ?? v.field_id}»`);
  return { name, lastName, amount, traffic, fields: [...survivor.fields, ...added], filled };
}

/**
 * Merges `otherId` into `survivorId` (admins; docs/product.md, "Duplicates"), all of it or none:
 * one transaction. The survivor keeps its values and takes the other's where it has none; the
 * clients feature moves the notes, and 'client.merged' has each feature move its own rows
 * (reminders, the conversation, stays in stages, history entries) before the other is deleted,
 * so the deletion takes nothing along. Both histories say so.
 */
export function mergeClients(deps: AppDeps, caller: MemberActor, survivorId: number, otherId: number) {
  if (survivorId === otherId) throw invalidField('other_id', MERGE_SAME_CLIENT);
  const { projectId } = caller;
  return transaction(deps, async (tx) => {
    // Both rows held until commit, the lower id first: two merges of one pair wait, never deadlock.
    for (const id of [Math.min(survivorId, otherId), Math.max(survivorId, otherId)]) {
      if (!(await lockClient(tx.db, projectId, id, null))) throw notFound(CLIENT_404);
    }
    const survivor = await viewOf(tx.db, projectId, survivorId);
    const other = await viewOf(tx.db, projectId, otherId);
    const form = await formFieldsById(tx.db, projectId);
    const names = new Map([...form.values()].map((f) => [f.id, f.name]));
    const merged = filledValues(survivor, other, names);
    if (merged.fields.length > survivor.fields.length) {
      await replaceClientValues(tx.db, projectId, survivorId, merged.fields);
    }
    await updateClientFields(tx.db, projectId, survivorId, {
      name: merged.name,
      last_name: merged.lastName,
      amount: merged.amount,
      traffic: merged.traffic ? 1 : 0,
      manager_id: survivor.manager_id,
      updated_at: tx.now.toISOString(),
    });
    await moveClientNotes(tx.db, otherId, survivorId);
    await moveClientCalls(tx.db, otherId, survivorId);
    const after = await viewOf(tx.db, projectId, survivorId);
    await tx.record({
      ...caller,
      kind: 'client.merged',
      subjectType: 'client',
      subjectId: survivorId,
      message:
        `Клиент ${fullName(survivor)} объединён с ${fullName(other)} (#${otherId})` +
        (merged.filled.length > 0 ? `; заполнены: ${merged.filled.join(', ')}` : ''),
      before: { client: survivor, merged: other },
      after,
      data: { survivorId, mergedId: otherId, managerId: survivor.manager_id },
    });
    await refreshClientSearch(tx.db, [survivorId]);
    await refreshClientContacts(tx.db, [survivorId]);
    await deleteClientRow(tx.db, projectId, otherId);
    // Recorded after the other features moved its rows: this entry alone stays under its id.
    await tx.record({
      ...caller,
      kind: 'client.deleted',
      subjectType: 'client',
      subjectId: otherId,
      message: `Клиент ${fullName(other)} (#${otherId}) объединён с ${fullName(survivor)} (#${survivorId}) и удалён`,
      before: other,
      after: null,
      data: { clientId: otherId, managerId: other.manager_id, categoryId: other.category_id },
    });
    return after;
  });
}
