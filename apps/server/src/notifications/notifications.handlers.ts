import type { Tx } from '../deps.js';
import type { DomainEvent } from '../events/domain-events.js';
import { notify } from './notifications.service.js';

/** An automatic category move tells the client's manager (a person's own move needs no telling). */
export async function notifyAutomaticMove(tx: Tx, event: DomainEvent) {
  if (event.kind !== 'client_category_changed' || !event.data.automatic) return;
  const { clientId, managerId, toCategoryId } = event.data;
  const client = await tx.db
    .selectFrom('clients')
    .select(['id', 'name', 'last_name'])
    .where('id', '=', clientId)
    .executeTakeFirst();
  const category = await tx.db
    .selectFrom('client_categories')
    .select('name')
    .where('id', '=', toCategoryId)
    .executeTakeFirst();
  if (!client) return;
  await notify(tx, [
    {
      userId: managerId,
      projectId: event.projectId,
      type: 'client_moved',
      message: `Клиент ${client.name} ${client.last_name} автоматически перешёл в категорию «${category?.name ?? `#${toCategoryId}`}»`,
      data: { client },
    },
  ]);
}
