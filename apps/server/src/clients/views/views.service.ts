import {
  CLIENT_VIEW_NOT_FOUND,
  isAdminRole,
  ONLY_ADMINS_EDIT_SHARED_VIEWS,
  ONLY_ADMINS_SHARE_VIEWS,
  type ClientView,
  type clientViewBody,
} from '@crm/contract';
import type { z } from 'zod';
import { transaction } from '../../db/transaction.js';
import type { AppDeps } from '../../deps.js';
import { forbidden, notFound } from '../../http/app-error.js';
import type { MemberActor } from '../../http/actor.js';
import {
  deleteView,
  findView,
  insertView,
  listViews,
  updateView,
  type ClientViewRow,
  type ViewValues,
} from './views.repository.js';

type ViewBody = z.output<typeof clientViewBody>;

const toView = (row: ClientViewRow): ClientView => ({
  id: row.id,
  name: row.name,
  shared: Number(row.shared) === 1,
  owner: { id: row.owner_id, name: row.owner_name },
  filters: JSON.parse(row.filters) as Record<string, unknown>,
  columns: JSON.parse(row.columns) as string[],
  sort: row.sort,
  direction: row.direction,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/** A manager keeps views to himself: sharing is an admin's (docs/decisions.md, issue 30). */
function valuesOf(caller: MemberActor, body: ViewBody): ViewValues {
  if (body.shared && !isAdminRole(caller.role)) throw forbidden(ONLY_ADMINS_SHARE_VIEWS);
  return {
    name: body.name,
    shared: body.shared ? 1 : 0,
    filters: JSON.stringify(body.filters),
    columns: JSON.stringify(body.columns),
    sort: body.sort,
    direction: body.direction,
  };
}

export async function listClientViews({ db }: AppDeps, caller: MemberActor) {
  return (await listViews(db, caller.projectId, caller.actorId)).map(toView);
}

export function createClientView(deps: AppDeps, caller: MemberActor, body: ViewBody) {
  const values = valuesOf(caller, body);
  return transaction(deps, async (tx) => {
    const { id } = await insertView(tx.db, {
      ...values,
      projectId: caller.projectId,
      ownerId: caller.actorId,
      now: tx.now.toISOString(),
    });
    return toView((await findView(tx.db, caller.projectId, id, caller.actorId))!);
  });
}

/**
 * A view the caller may change: his own private one, or (an admin) a shared one. Another's
 * private view, or another project's, is not found; a shared one for a manager is 403.
 */
async function changeableView(deps: AppDeps, caller: MemberActor, id: number) {
  const view = await findView(deps.db, caller.projectId, id, caller.actorId);
  if (!view) throw notFound(CLIENT_VIEW_NOT_FOUND);
  if (Number(view.shared) === 1 && !isAdminRole(caller.role)) throw forbidden(ONLY_ADMINS_EDIT_SHARED_VIEWS);
  return view;
}

export async function updateClientView(deps: AppDeps, caller: MemberActor, id: number, body: ViewBody) {
  await changeableView(deps, caller, id);
  const values = valuesOf(caller, body);
  return transaction(deps, async (tx) => {
    await updateView(tx.db, caller.projectId, id, { ...values, now: tx.now.toISOString() });
    const view = await findView(tx.db, caller.projectId, id, caller.actorId);
    if (!view) throw notFound(CLIENT_VIEW_NOT_FOUND);
    return toView(view);
  });
}

export async function deleteClientView(deps: AppDeps, caller: MemberActor, id: number) {
  await changeableView(deps, caller, id);
  await deleteView(deps.db, caller.projectId, id);
}
