import {
  WEBHOOK_URL_HTTPS,
  WEBHOOK_URL_PRIVATE,
  WEBHOOK_URL_UNRESOLVED,
  WEBHOOK_EVENT_LABELS,
  WEBHOOKS_MAX,
  WEBHOOKS_TOO_MANY,
  type Page,
  type Webhook,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookEvent,
} from '@crm/contract';
import type { Db } from '../../db/database.js';
import { lockProject } from '../../db/project-lock.js';
import { transaction } from '../../db/transaction.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../http/actor.js';
import { AppError, invalidField, notFound } from '../../http/app-error.js';
import { kickDeliveries } from './delivery-worker.js';
import { checkHost, hostOf, OutboundRefused } from './outbound-address.js';
import { newWebhookSecret } from './signature.js';
import {
  countWebhooks,
  deleteWebhook,
  deliveriesPage,
  findDelivery,
  findWebhook,
  insertWebhook,
  listWebhooks,
  requeueDelivery,
  updateWebhook,
  type DeliveryRow,
  type WebhookRow,
} from './webhooks.repository.js';

export const WEBHOOK_404 = 'Вебхук не найден';
const DELIVERY_404 = 'Доставка не найдена';
const RETRY_WHILE_OFF = 'Вебхук выключен: включите его, чтобы отправить снова';
export const DELIVERIES_PER_PAGE = 50;

type WebhookInput = { url: string; events: WebhookEvent[]; enabled: boolean };

const toWebhook = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: JSON.parse(row.events) as WebhookEvent[],
  enabled: row.enabled === 1,
  disabled_reason: row.disabled_reason,
  failing_since: row.failing_since,
  pending: Number(row.pending ?? 0),
  created_at: row.created_at,
});

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  message_id: row.message_id,
  event: row.event as WebhookEvent,
  status: row.status,
  attempts: row.attempts,
  created_at: row.created_at,
  last_attempt_at: row.last_attempt_at,
  next_attempt_at: row.status === 'pending' ? row.next_attempt_at : null,
  response_status: row.response_status,
  response: row.response,
  body: row.body,
});

export const listWebhookViews = async (db: Db, projectId: number) => (await listWebhooks(db, projectId)).map(toWebhook);

/**
 * Only https, and only a name that resolves to public addresses, unless the configuration allows
 * private networks (tests, self-hosted). Checked again at each delivery (DNS rebinding).
 */
async function checkUrl(deps: AppDeps, raw: string) {
  if (deps.config.webhooks.allowPrivate) return;
  const url = new URL(raw);
  if (url.protocol !== 'https:') throw invalidField('url', WEBHOOK_URL_HTTPS);
  try {
    await checkHost(hostOf(url));
  } catch (error) {
    if (!(error instanceof OutboundRefused)) throw error;
    throw invalidField('url', error.reason === 'private' ? WEBHOOK_URL_PRIVATE : WEBHOOK_URL_UNRESOLVED);
  }
}

const eventList = (events: WebhookEvent[]) => events.map((e) => `«${WEBHOOK_EVENT_LABELS[e]}»`).join(', ');

async function requireWebhook(db: Db, projectId: number, id: number) {
  const row = await findWebhook(db, projectId, id);
  if (!row) throw notFound(WEBHOOK_404);
  return row;
}

export async function createWebhook(deps: AppDeps, who: Actor, input: WebhookInput): Promise<WebhookCreated> {
  await checkUrl(deps, input.url);
  return transaction(deps, async (tx) => {
    await lockProject(tx.db, who.projectId);
    if ((await countWebhooks(tx.db, who.projectId)) >= WEBHOOKS_MAX) throw new AppError(422, WEBHOOKS_TOO_MANY);
    const now = tx.now.toISOString();
    const secret = newWebhookSecret();
    const { id } = await insertWebhook(tx.db, {
      project_id: who.projectId,
      url: input.url,
      events: JSON.stringify(input.events),
      secret,
      enabled: input.enabled ? 1 : 0,
      disabled_reason: null,
      failing_since: null,
      created_by: who.actorId,
      created_at: now,
      updated_at: now,
    });
    const view = toWebhook((await findWebhook(tx.db, who.projectId, id))!);
    await tx.record({
      ...who,
      kind: 'webhook.created',
      subjectType: 'webhook',
      subjectId: id,
      message: `Добавлен вебхук ${input.url}: ${eventList(input.events)}`,
      before: null,
      after: view,
    });
    return { ...view, secret };
  });
}

/** Its address, events and switch; switched back on, what waited leaves again. */
export async function changeWebhook(deps: AppDeps, who: Actor, id: number, input: WebhookInput): Promise<Webhook> {
  const current = await requireWebhook(deps.db, who.projectId, id);
  if (input.url !== current.url) await checkUrl(deps, input.url);
  const view = await transaction(deps, async (tx) => {
    const before = toWebhook(await requireWebhook(tx.db, who.projectId, id));
    const turnedOn = input.enabled && !before.enabled;
    await updateWebhook(tx.db, id, {
      url: input.url,
      events: JSON.stringify(input.events),
      enabled: input.enabled ? 1 : 0,
      ...(turnedOn ? { disabled_reason: null, failing_since: null } : {}),
      ...(!input.enabled ? { disabled_reason: null } : {}),
      updated_at: tx.now.toISOString(),
    });
    const after = toWebhook((await findWebhook(tx.db, who.projectId, id))!);
    const changes = [
      before.url !== after.url ? `адрес ${before.url} → ${after.url}` : null,
      before.events.join() !== after.events.join() ? `события: ${eventList(after.events)}` : null,
      before.enabled !== after.enabled ? (after.enabled ? 'включён' : 'выключен') : null,
    ].filter((c) => c !== null);
    if (changes.length > 0) {
      await tx.record({
        ...who,
        kind: 'webhook.updated',
        subjectType: 'webhook',
        subjectId: id,
        message: `Вебхук ${after.url} изменён: ${changes.join('; ')}`,
        before,
        after,
      });
    }
    if (turnedOn) tx.onCommit(() => kickDeliveries(deps));
    return after;
  });
  return { ...view, pending: (await listWebhookViews(deps.db, who.projectId)).find((w) => w.id === id)?.pending ?? 0 };
}

export function removeWebhook(deps: AppDeps, who: Actor, id: number): Promise<void> {
  return transaction(deps, async (tx) => {
    const before = toWebhook(await requireWebhook(tx.db, who.projectId, id));
    await deleteWebhook(tx.db, id);
    await tx.record({
      ...who,
      kind: 'webhook.deleted',
      subjectType: 'webhook',
      subjectId: id,
      message: `Удалён вебхук ${before.url}`,
      before,
      after: null,
    });
  });
}

export async function listDeliveries(db: Db, projectId: number, id: number, page: number): Promise<Page<WebhookDelivery>> {
  await requireWebhook(db, projectId, id);
  const { rows, total } = await deliveriesPage(db, id, DELIVERIES_PER_PAGE, page);
  return {
    data: rows.map(toDelivery),
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / DELIVERIES_PER_PAGE)),
    per_page: DELIVERIES_PER_PAGE,
    total,
  };
}

/** 'Повторить': the same delivery (the same id) leaves again now. */
export async function retryDelivery(deps: AppDeps, projectId: number, webhookId: number, id: number): Promise<WebhookDelivery> {
  const hook = await requireWebhook(deps.db, projectId, webhookId);
  if (hook.enabled !== 1) throw new AppError(422, RETRY_WHILE_OFF);
  const row = await findDelivery(deps.db, webhookId, id);
  if (!row) throw notFound(DELIVERY_404);
  await requeueDelivery(deps.db, id, deps.clock.now().toISOString());
  await kickDeliveries(deps);
  return toDelivery((await findDelivery(deps.db, webhookId, id))!);
}
