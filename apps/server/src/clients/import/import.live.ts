import type { LiveEvent } from '@crm/contract';
import type { AppDeps } from '../../deps.js';
import { listMembers, projectAdminIds } from '../../team/index.js';

const tell = async (deps: AppDeps, userIds: number[], live: LiveEvent) => {
  await Promise.all(userIds.map((userId) => deps.publisher.publish(`user:${userId}`, live)));
};

/** An open import page follows its import: the project's admins are told it moved on. */
export async function tellImportChanged(deps: AppDeps, projectId: number, importId: number) {
  await tell(deps, await projectAdminIds(deps.db, projectId), {
    type: 'client_import.changed',
    payload: { project_id: projectId, import_id: importId },
  });
}

/**
 * An import (or its undo) has ended: every member's open board reads its clients again, once,
 * rather than at every batch (an import may give clients to any manager).
 */
export async function tellClientsChanged(deps: AppDeps, projectId: number) {
  const members = await listMembers(deps.db, projectId);
  await tell(
    deps,
    members.map((m) => m.id),
    { type: 'clients.changed', payload: { project_id: projectId, client_id: null } },
  );
}
