import {
  CATEGORY_NOT_FOUND,
  CLIENTS_PER_PAGE,
  type ClosingInput,
  isAdminRole,
  type Client,
  type Page,
  endOfDay,
  startOfDay,
} from '@crm/contract';
import type { Db } from '../db/database.js';
import { transaction } from '../db/transaction.js';
import type { AppDeps, Tx } from '../deps.js';
import type { DomainEvent } from '../events/domain-events.js';
import { ownScope, type MemberActor } from '../http/actor.js';
import { forbidden, invalidField, notFound } from '../http/app-error.js';
import { findCategory, lockCategory } from './categories/categories.repository.js';
import {
  countClients,
  deleteClientRow,
  findClient,
  findClients,
  findMemberName,
  insertClient,
  listClients,
  lockClient,
  moveHeldClientRows,
  setClientAmount,
  updateClientFields,
  type ClientFilter,
} from './clients.repository.js';
import { closingText, REASON_REQUIRED, resolveClosing, type Closing } from './closing.js';
import { formatDuration } from './durations.js';
import { listClientValues, replaceClientValues } from './form/form.repository.js';
import { checkClientValues, type FormFieldRef } from './form/form.service.js';
import { refreshClientContacts } from './duplicates/duplicates.repository.js';
import { findDuplicates } from './duplicates/duplicates.service.js';
import { refreshClientSearch } from './search/search.repository.js';

export const CLIENT_404 = 'Клиент не найден';
const MEMBER_404 = 'Участник проекта не найден';
const ONLY_ADMINS_REASSIGN = 'Передать клиента другому менеджеру может только администратор';

type ClientViewRow = NonNullable<Awaited<ReturnType<typeof findClient>>>;

type FieldValue = { field_id: number; value: string };

export const toClientView = (row: ClientViewRow, fields: FieldValue[] = []): Client => ({
  id: row.id,
  name: row.name,
  last_name: row.last_name,
  amount: Number(row.amount),
  traffic: Number(row.traffic) === 1,
  category_id: row.category_id,
  manager_id: row.manager_id,
  manager: { id: row.manager_id, name: row.manager_name },
  fields,
  category_entered_at: row.category_entered_at,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/** A client in a history sentence: «Иван Петров». */
export const fullName = (c: { name: string; last_name: string }) => `«${c.name} ${c.last_name}»`;

/** The clients' values of the form's fields, in the form's order, by client. */
async function valuesOf(db: Db, clientIds: number[]) {
  const byClient = new Map<number, FieldValue[]>();
  for (const v of await listClientValues(db, clientIds)) {
    byClient.set(v.client_id, [
      ...(byClient.get(v.client_id) ?? []),
      { field_id: v.field_id, value: v.value },
    ]);
  }
  return byClient;
}

/** A page of clients, each with its values; `total` as counted by the caller. */
export async function clientsPage(
  db: Db,
  rows: ClientViewRow[],
  at: { page: number; perPage: number; total: number },
) {
  const values = await valuesOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((row) => toClientView(row, values.get(row.id) ?? [])),
    current_page: at.page,
    last_page: Math.max(1, Math.ceil(at.total / at.perPage)),
    per_page: at.perPage,
    total: at.total,
  };
}

async function withValues(db: Db, row: ClientViewRow) {
  return toClientView(row, (await valuesOf(db, [row.id])).get(row.id) ?? []);
}

/** Clients of the project as the API answers them (any manager's), by id; a deleted one is missing. */
export async function clientViews(db: Db, projectId: number, ids: readonly number[]): Promise<Map<number, Client>> {
  if (ids.length === 0) return new Map();
  const rows = await findClients(db, projectId, ids);
  const values = await valuesOf(
    db,
    rows.map((r) => r.id),
  );
  return new Map(rows.map((row) => [row.id, toClientView(row, values.get(row.id) ?? [])]));
}

/** A client of the project as the API answers it (any manager's). */
export async function viewOf(db: Db, projectId: number, id: number) {
  const row = await findClient(db, projectId, id, null);
  if (!row) throw notFound(CLIENT_404);
  return withValues(db, row);
}

export async function getClient({ db }: AppDeps, caller: MemberActor, id: number): Promise<Client> {
  const row = await findClient(db, caller.projectId, id, ownScope(caller));
  if (!row) throw notFound(CLIENT_404);
  return withValues(db, row);
}

/**
 * A page of clients, newest first; `from`/`to` are days of the project's time zone, inclusive
 * (with a saved view's search filters, `listFoundClientPage` answers instead).
 */
export async function listClientPage(
  { db }: AppDeps,
  caller: MemberActor,
  query: { page: number; category?: number; from?: string; to?: string; manager?: number },
): Promise<Page<Client>> {
  const timezone = caller.timezone;
  const filter: ClientFilter = {
    projectId: caller.projectId,
    // A manager sees his own whatever he names; an admin may narrow the board to one member.
    managerId: ownScope(caller) ?? query.manager ?? null,
    categoryId: query.category,
    from: query.from ? startOfDay(query.from, timezone).toISOString() : undefined,
    to: query.to ? endOfDay(query.to, timezone).toISOString() : undefined,
  };
  const total = await countClients(db, filter);
  const rows = await listClients(db, filter, CLIENTS_PER_PAGE, (query.page - 1) * CLIENTS_PER_PAGE);
  return clientsPage(db, rows, { page: query.page, perPage: CLIENTS_PER_PAGE, total });
}

const KEY_NAMES_MANAGER = 'Укажите менеджера клиента (manager_id): по API-ключу клиента ведёт участник проекта';

/**
 * Whose client it is: unchanged without `manager_id` (or with the current owner); another
 * member only by an admin (a manager → 403), and only a member of the project (else 422).
 */
async function resolveOwner(db: Db, caller: MemberActor, requested: number | undefined, currentId: number) {
  // A key creating a client names its manager: the key itself leads no client.
  if (requested === undefined && caller.apiKey && currentId === caller.actorId) {
    throw invalidField('manager_id', KEY_NAMES_MANAGER);
  }
  if (requested === undefined || requested === currentId) return null;
  if (!isAdminRole(caller.role)) throw forbidden(ONLY_ADMINS_REASSIGN);
  const member = await findMemberName(db, caller.projectId, requested);
  if (!member) throw invalidField('manager_id', MEMBER_404);
  return member;
}

/** A category a client is put into: one of the project's, held until commit (422 otherwise). */
export async function requireTargetCategory(db: Db, projectId: number, id: number) {
  const category = await lockCategory(db, projectId, id);
  if (!category) throw invalidField('category_id', CATEGORY_NOT_FOUND);
  return category;
}

export function createClient(
  deps: AppDeps,
  caller: MemberActor,
  input: {
    name: string;
    last_name: string;
    amount: number;
    traffic: boolean;
    category_id: number;
    manager_id?: number;
    fields: FieldValue[];
    /** A client a channel makes (a Telegram chat): it cannot ask the form's required fields. */
    incomplete?: boolean;
  },
) {
  return transaction(deps, async (tx) => {
    const owner = await resolveOwner(tx.db, caller, input.manager_id, caller.actorId);
    const category = await requireTargetCategory(tx.db, caller.projectId, input.category_id);
    const checked = await checkClientValues(tx.db, caller.projectId, input.fields, [], !input.incomplete);
    const managerId = owner?.id ?? caller.actorId;
    const { id } = await insertClient(tx.db, {
      projectId: caller.projectId,
      managerId,
      categoryId: category.id,
      name: input.name,
      lastName: input.last_name,
      amount: input.amount,
      traffic: input.traffic,
      now: tx.now.toISOString(),
    });
    await replaceClientValues(tx.db, caller.projectId, id, checked.values);
    await refreshClientSearch(tx.db, [id]);
    await refreshClientContacts(tx.db, [id]);
    const view = await viewOf(tx.db, caller.projectId, id);
    await tx.record({
      ...caller,
      kind: 'client.created',
      subjectType: 'client',
      subjectId: id,
      message: `Добавлен клиент ${fullName(view)} в категорию «${category.name}»${owner ? `, менеджер ${owner.name}` : ''}`,
      before: null,
      after: view,
      data: { clientId: id, managerId, categoryId: category.id },
    });
    const duplicates = await findDuplicates(
      tx.db,
      caller,
      { ...view, clientId: id, fields: checked.values },
      checked,
    );
    return { ...view, duplicates };
  });
}

type Mover = { projectId: number; actorId: number | null; impersonatorId?: number | null };

/**
 * The category move, by a person or by the scheduler (`automatic`, no actor): the history
 * entry and the `client_category_changed` event, the same for both.
 */
type CategoryMove = {
  client: { id: number; name: string; last_name: string; manager_id: number };
  from: { id: number; name: string };
  to: { id: number; name: string };
  /** Set for an automatic move: how long the client had been in `from`. */
  automaticAfter?: number;
  /** Set for a move into a stage that ends the pipeline (`resolveClosing`). */
  closing?: Closing | null;
  /** The client's amount before the move (a win's final amount says what it was). */
  previousAmount?: number;
};

/** A move's history entry and event, as every move writes it. */
export function categoryChangeEvent(who: Mover, move: CategoryMove): DomainEvent<'client_category_changed'> {
  const { client, from, to } = move;
  const automatic = move.automaticAfter !== undefined;
  const closing = move.closing ?? null;
  const closed = closing ? `. ${closingText(closing, move.previousAmount ?? 0)}` : '';
  const closingState = closing
    ? {
        outcome: closing.outcome,
        loss_reason_id: closing.lossReasonId,
        loss_reason: closing.lossReason,
        final_amount: closing.finalAmount,
      }
    : {};
  return {
    projectId: who.projectId,
    actorId: who.actorId,
    impersonatorId: who.impersonatorId ?? null,
    kind: 'client_category_changed',
    subjectType: 'client',
    subjectId: client.id,
    message: automatic
      ? `Клиент ${fullName(client)} автоматически переведён из «${from.name}» в «${to.name}»: прошло ${formatDuration(move.automaticAfter ?? 0)} в категории «${from.name}»`
      : `Клиент ${fullName(client)} переведён из «${from.name}» в «${to.name}»${closed}`,
    before: { category_id: from.id, category: from.name },
    after: { category_id: to.id, category: to.name, ...closingState },
    data: {
      clientId: client.id,
      managerId: client.manager_id,
      fromCategoryId: from.id,
      toCategoryId: to.id,
      automatic,
      ...(closing ? { closing } : {}),
    },
  };
}

/** Writes a move's history entry and tells the features (`client_category_changed`). */
export const recordCategoryChange = (tx: Tx, who: Mover, move: CategoryMove) =>
  tx.record(categoryChangeEvent(who, move));

type HeldClient = {
  id: number;
  name: string;
  last_name: string;
  manager_id: number;
  category_id: number;
  category_entered_at: string;
  amount: number | string;
};

/**
 * A manual move inside the caller's transaction; the client row is already held (`lockClient`,
 * after the target category's `lockCategory`): a single move, and a batch of a bulk move (the
 * same history entries and events, written together: `moveHeldClients`). `closing` is
 * `resolveClosing`'s answer for the target (checked once per request): a win's final amount
 * becomes the client's amount, and the history entry says the reason or the amount. Into a
 * 'Отказ' stage it is required.
 */
export const moveHeldClient = (
  tx: Tx,
  caller: Mover,
  client: HeldClient,
  to: { id: number; name: string; outcome?: 'won' | 'lost' | null },
  closing: Closing | null = null,
) => moveHeldClients(tx, caller, [client], to, closing);

/** Held clients, none already in `to`, moved there together (see `moveHeldClient`). */
export async function moveHeldClients(
  tx: Tx,
  caller: Mover,
  clients: HeldClient[],
  to: { id: number; name: string; outcome?: 'won' | 'lost' | null },
  closing: Closing | null = null,
) {
  // Never into 'Отказ' without its reason, whoever calls (docs/decisions.md, issue 30).
  if (to.outcome === 'lost' && closing?.outcome !== 'lost')
    throw invalidField('loss_reason_id', REASON_REQUIRED);
  if (clients.length === 0) return;
  const now = tx.now.toISOString();
  const ids = clients.map((c) => c.id);
  // The rows are held by this transaction: nobody else can have moved them meanwhile.
  const moved = await moveHeldClientRows(tx.db, caller.projectId, ids, to.id, now);
  if (moved !== clients.length) throw new Error(`clients ${ids.join(',')} changed while held`);
  if (closing?.finalAmount != null)
    await setClientAmount(tx.db, caller.projectId, ids, closing.finalAmount, now);
  const fromNames = new Map<number, string>();
  for (const id of new Set(clients.map((c) => c.category_id)))
    fromNames.set(id, (await findCategory(tx.db, caller.projectId, id))?.name ?? `#${id}`);
  await tx.recordAll(
    clients.map((client) =>
      categoryChangeEvent(caller, {
        client,
        from: { id: client.category_id, name: fromNames.get(client.category_id)! },
        to,
        closing,
        previousAmount: Number(client.amount),
      }),
    ),
  );
}

/**
 * The edit form: name, last name, amount, traffic; a new category is a move (the same event as
 * update-category); a new owner only by an admin.
 */
export function updateClient(
  deps: AppDeps,
  caller: MemberActor,
  id: number,
  input: {
    name: string;
    last_name: string;
    amount?: number;
    traffic?: boolean;
    category_id?: number;
    manager_id?: number;
    /** Left out: the values stay. */
    fields?: FieldValue[];
    /** The form's required fields are not asked (a channel's edit, as its creation: docs/decisions.md "Telegram"). */
    incomplete?: boolean;
  } & ClosingInput,
) {
  return transaction(deps, async (tx) => {
    const scope = ownScope(caller);
    const seen = await findClient(tx.db, caller.projectId, id, scope);
    if (!seen) throw notFound(CLIENT_404);
    // Categories first, then the client (one order everywhere: no deadlock with the scheduler).
    const target =
      input.category_id !== undefined && input.category_id !== seen.category_id
        ? await requireTargetCategory(tx.db, caller.projectId, input.category_id)
        : null;
    const closing = target ? await resolveClosing(tx.db, caller.projectId, target, input) : null;
    const current = await lockClient(tx.db, caller.projectId, id, scope);
    if (!current) throw notFound(CLIENT_404);
    const owner = await resolveOwner(tx.db, caller, input.manager_id, current.manager_id);
    const before = await viewOf(tx.db, caller.projectId, id);
    const checked = input.fields
      ? await checkClientValues(tx.db, caller.projectId, input.fields, before.fields, !input.incomplete)
      : null;
    if (checked) await replaceClientValues(tx.db, caller.projectId, id, checked.values);

    await updateClientFields(tx.db, caller.projectId, id, {
      name: input.name,
      last_name: input.last_name,
      amount: input.amount ?? Number(current.amount),
      traffic: input.traffic === undefined ? Number(current.traffic) : input.traffic ? 1 : 0,
      manager_id: owner?.id ?? current.manager_id,
      updated_at: tx.now.toISOString(),
    });
    await refreshClientSearch(tx.db, [id]);
    if (checked) await refreshClientContacts(tx.db, [id]);
    const edited = await viewOf(tx.db, caller.projectId, id);
    const yesNo = (b: boolean) => (b ? 'да' : 'нет');
    const changes = [
      before.name !== edited.name || before.last_name !== edited.last_name
        ? `имя ${fullName(before)} → ${fullName(edited)}`
        : null,
      before.amount !== edited.amount
        ? `сумма ${before.amount.toLocaleString('ru-RU')} → ${edited.amount.toLocaleString('ru-RU')}`
        : null,
      before.traffic !== edited.traffic
        ? `траффик: ${yesNo(before.traffic)} → ${yesNo(edited.traffic)}`
        : null,
      before.manager_id !== edited.manager_id
        ? `менеджер ${before.manager.name} → ${edited.manager.name}`
        : null,
      ...(checked ? valueChanges(checked.form, before.fields, edited.fields).map((c) => c.text) : []),
    ].filter((c) => c !== null);
    if (changes.length > 0) {
      await tx.record({
        ...caller,
        kind: 'client.updated',
        subjectType: 'client',
        subjectId: id,
        message: `Клиент ${fullName(before)} изменён: ${changes.join('; ')}`,
        before,
        after: edited,
      });
    }
    if (checked) {
      for (const change of valueChanges(checked.form, before.fields, edited.fields)) {
        if (change.field.type !== 'select') continue;
        await tx.record({
          ...caller,
          kind: 'client_form_field_changed',
          subjectType: 'client',
          subjectId: id,
          message: `Клиент ${fullName(edited)}: ${change.text}`,
          before: { field_id: change.field.id, value: change.before },
          after: { field_id: change.field.id, value: change.after },
          data: {
            clientId: id,
            fieldId: change.field.id,
            optionId: change.after === null ? null : Number(change.after),
          },
        });
      }
    }
    if (target && current.category_id !== target.id) {
      await moveHeldClient(
        tx,
        caller,
        {
          ...current,
          name: edited.name,
          last_name: edited.last_name,
          manager_id: edited.manager_id,
          amount: edited.amount,
        },
        target,
        closing,
      );
    }
    return viewOf(tx.db, caller.projectId, id);
  });
}

/** The values that differ, each with a readable sentence (a select's by its options' names). */
function valueChanges(form: Map<number, FormFieldRef>, before: FieldValue[], after: FieldValue[]) {
  const was = new Map(before.map((v) => [v.field_id, v.value]));
  const now = new Map(after.map((v) => [v.field_id, v.value]));
  const changes: { field: FormFieldRef; before: string | null; after: string | null; text: string }[] = [];
  for (const field of form.values()) {
    const from = was.get(field.id) ?? null;
    const to = now.get(field.id) ?? null;
    if (from === to) continue;
    const shown = (v: string | null) =>
      v === null ? 'пусто' : `«${field.type === 'select' ? (field.options.get(v) ?? v) : v}»`;
    changes.push({
      field,
      before: from,
      after: to,
      text: `поле «${field.name}» ${shown(from)} → ${shown(to)}`,
    });
  }
  return changes;
}

/**
 * PUT /clients/{id}/update-category: the move, written to the history, `client_category_changed`;
 * into 'Отказ' with its reason, into 'Успех' with an optional final amount (`resolveClosing`).
 */
export function changeClientCategory(
  deps: AppDeps,
  caller: MemberActor,
  id: number,
  input: { category_id: number } & ClosingInput,
) {
  return transaction(deps, async (tx) => {
    const scope = ownScope(caller);
    const seen = await findClient(tx.db, caller.projectId, id, scope);
    if (!seen) throw notFound(CLIENT_404);
    const target = await requireTargetCategory(tx.db, caller.projectId, input.category_id);
    const current = await lockClient(tx.db, caller.projectId, id, scope);
    if (!current) throw notFound(CLIENT_404);
    if (current.category_id !== target.id) {
      const closing = await resolveClosing(tx.db, caller.projectId, target, input);
      await moveHeldClient(tx, caller, current, target, closing);
    }
    return viewOf(tx.db, caller.projectId, id);
  });
}

export function deleteClient(deps: AppDeps, caller: MemberActor, id: number) {
  return transaction(deps, async (tx) => {
    const current = await lockClient(tx.db, caller.projectId, id, ownScope(caller));
    if (!current) throw notFound(CLIENT_404);
    await deleteHeldClient(tx, caller, current);
  });
}

/** Deletes a client whose row the transaction holds (a single delete, each of a bulk one). */
export async function deleteHeldClient(
  tx: Tx,
  caller: MemberActor,
  current: { id: number; manager_id: number; category_id: number },
) {
  const id = current.id;
  const before = await viewOf(tx.db, caller.projectId, id);
  const category = await findCategory(tx.db, caller.projectId, current.category_id);
  await deleteClientRow(tx.db, caller.projectId, id);
  await tx.record({
    ...caller,
    kind: 'client.deleted',
    subjectType: 'client',
    subjectId: id,
    message: `Удалён клиент ${fullName(before)} (категория «${category?.name ?? ''}», менеджер ${before.manager.name})`,
    before,
    after: null,
    data: { clientId: id, managerId: current.manager_id, categoryId: current.category_id },
  });
}

/**
 * Passes a held client to another member (each client of a bulk reassignment): the edit form's
 * `client.updated` entry for a new manager. Answers whether he changed hands.
 */
export async function reassignHeldClient(
  tx: Tx,
  caller: MemberActor,
  current: {
    id: number;
    name: string;
    last_name: string;
    amount: number;
    traffic: number;
    manager_id: number;
  },
  owner: { id: number },
) {
  if (current.manager_id === owner.id) return false;
  const before = await viewOf(tx.db, caller.projectId, current.id);
  await updateClientFields(tx.db, caller.projectId, current.id, {
    name: current.name,
    last_name: current.last_name,
    amount: Number(current.amount),
    traffic: Number(current.traffic),
    manager_id: owner.id,
    updated_at: tx.now.toISOString(),
  });
  const after = await viewOf(tx.db, caller.projectId, current.id);
  await tx.record({
    ...caller,
    kind: 'client.updated',
    subjectType: 'client',
    subjectId: current.id,
    message: `Клиент ${fullName(before)} изменён: менеджер ${before.manager.name} → ${after.manager.name}`,
    before,
    after,
  });
  return true;
}
