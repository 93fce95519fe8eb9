import type { Tx } from '../deps.js';
import type { DomainEvent } from '../events/domain-events.js';
import { clientsByIds, findCategory } from '../clients/index.js';
import { notify } from './notifications.service.js';

/** An automatic category move tells the client's manager (a person's own move needs no telling). */
export async function notifyAutomaticMove(tx: Tx, event: DomainEvent<'client_category_changed'>) {
  if (!event.data.automatic) return;
  const { clientId, managerId, toCategoryId } = event.data;
  const found = (await clientsByIds(tx.db, [clientId], event.projectId)).get(clientId);
  const category = await findCategory(tx.db, event.projectId, toCategoryId);
  if (!found) return;
  const client = { id: found.id, name: found.name, last_name: found.last_name };
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
