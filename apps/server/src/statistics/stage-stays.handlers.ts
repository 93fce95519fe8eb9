import type { Tx } from '../deps.js';
import type { DomainEvent } from '../events/domain-events.js';
import './statistics.tables.js';

/**
 * The stays are written in the transaction of the change that makes them, so the statistics
 * never disagree with the clients: a new client enters his first stage, a move closes the open
 * stay and opens the next, a deleted client or category takes its stays with it.
 */

async function enter(tx: Tx, projectId: number, clientId: number, managerId: number, categoryId: number) {
  const before = await tx.db
    .selectFrom('client_stage_stays')
    .select('id')
    .where('client_id', '=', clientId)
    .where('category_id', '=', categoryId)
    .limit(1)
    .executeTakeFirst();
  await tx.db
    .insertInto('client_stage_stays')
    .values({
      project_id: projectId,
      client_id: clientId,
      manager_id: managerId,
      category_id: categoryId,
      first_entry: before ? 0 : 1,
      entered_at: tx.now.toISOString(),
    })
    .execute();
}

export async function clientEntersFirstStage(tx: Tx, event: DomainEvent<'client.created'>): Promise<void> {
  await enter(tx, event.projectId, event.data.clientId, event.data.managerId, event.data.categoryId);
}

export async function clientMovesStage(tx: Tx, event: DomainEvent<'client_category_changed'>): Promise<void> {
  const { clientId, managerId, toCategoryId } = event.data;
  const open = await tx.db
    .selectFrom('client_stage_stays')
    .select(['id', 'entered_at'])
    .where('client_id', '=', clientId)
    .where('left_at', 'is', null)
    .execute();
  for (const stay of open) {
    const seconds = Math.max(0, Math.round((tx.now.getTime() - Date.parse(stay.entered_at)) / 1000));
    await tx.db
      .updateTable('client_stage_stays')
      .set({ left_at: tx.now.toISOString(), seconds })
      .where('id', '=', stay.id)
      .execute();
  }
  await enter(tx, event.projectId, clientId, managerId, toCategoryId);
}

export async function clientStaysGo(tx: Tx, event: DomainEvent<'client.deleted'>): Promise<void> {
  await tx.db.deleteFrom('client_stage_stays').where('client_id', '=', event.data.clientId).execute();
}

export async function categoryStaysGo(tx: Tx, event: DomainEvent<'client_category.deleted'>): Promise<void> {
  await tx.db
    .deleteFrom('client_stage_stays')
    .where('project_id', '=', event.projectId)
    .where('category_id', '=', event.data.categoryId)
    .execute();
}
