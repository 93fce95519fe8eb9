import type { ClientMessage } from '@crm/contract';
import { clientsByIds } from '../../clients/index.js';
import type { AppDeps } from '../../deps.js';
import { projectAdminIds } from '../../team/index.js';
import { findClientMessage, type ClientMessageRow } from './messages.repository.js';

export const toClientMessage = (row: ClientMessageRow): ClientMessage => ({
  id: row.id,
  client_id: row.client_id,
  direction: row.direction,
  kind: row.kind,
  text: row.text,
  author: row.author_id === null ? null : { id: row.author_id, name: row.author_name ?? '' },
  status: row.status,
  error: row.error,
  file:
    row.file_status === null || row.file_name === null
      ? null
      : { name: row.file_name, mime: row.file_mime, size: row.file_size === null ? null : Number(row.file_size), status: row.file_status },
  created_at: row.created_at,
});

/** Tells the open pages of the client's manager and the project's admins that a message changed. */
export async function publishClientMessage(deps: AppDeps, projectId: number, messageId: number) {
  const row = await findClientMessage(deps.db, messageId);
  if (!row) return;
  const client = (await clientsByIds(deps.db, [row.client_id], projectId)).get(row.client_id);
  if (!client) return;
  const people = new Set([client.manager_id, ...(await projectAdminIds(deps.db, projectId))]);
  const event = {
    type: 'client.message' as const,
    payload: { project_id: projectId, client_id: row.client_id, message: toClientMessage(row) },
  };
  await Promise.all([...people].map((userId) => deps.publisher.publish(`user:${userId}`, event)));
}

