import { z } from 'zod';
import { idSchema, isoDateTime, requiredText } from './common.js';
import { dateParam } from './clients.js';

/** What a key may do: read only (GET), or read and write (docs/product.md, "API keys"). */
export const API_KEY_SCOPES = ['read', 'write'] as const;
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES, { error: 'Выберите права ключа' });
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: 'Только чтение',
  write: 'Чтение и запись',
};

export const API_KEY_NAME_MAX = 100;
/** Keys a project may hold at once: enough for every script, a bound on what a stolen admin can mint. */
export const API_KEYS_MAX = 50;
export const API_KEY_EXPIRY_PAST = 'Дата окончания не может быть в прошлом';
export const API_KEYS_TOO_MANY = `В проекте не может быть больше ${API_KEYS_MAX} ключей: отзовите ненужные`;

/** A key as the list shows it; its secret is never answered again after creation. */
export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: apiKeyScopeSchema,
  /** The last day it works (the project's days); null: until revoked. */
  expires_on: z.string().nullable(),
  /** Within a minute; null: never used. */
  last_used_at: isoDateTime.nullable(),
  created_at: isoDateTime,
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to a creation: the key itself, shown once (`Authorization: Bearer <key>`). */
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeyCreateBody = z.object({
  name: requiredText(API_KEY_NAME_MAX),
  scope: apiKeyScopeSchema,
  /** The last day it works, YYYY-MM-DD in the project's time zone; null or left out: no end. */
  expires_on: dateParam.nullable().optional(),
});
export type ApiKeyCreateBody = z.input<typeof apiKeyCreateBody>;

export const apiKeyParams = z.object({ projectId: idSchema, keyId: idSchema });

// ---- webhooks -------------------------------------------------------------------------------

/** What an endpoint may hear of (docs/product.md §5.7); the payload's `type`. */
export const WEBHOOK_EVENTS = [
  'client.created',
  'client.updated',
  'client.stage_changed',
  'client.reassigned',
  'client.deleted',
  'reminder.created',
  'reminder.completed',
  'reminder.expired',
  'note.created',
  'conversation.message',
  'import.finished',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'client.created': 'Клиент добавлен',
  'client.updated': 'Клиент изменён',
  'client.stage_changed': 'Клиент перешёл в другую категорию',
  'client.reassigned': 'Клиенту назначен другой менеджер',
  'client.deleted': 'Клиент удалён',
  'reminder.created': 'Напоминание создано',
  'reminder.completed': 'Напоминание выполнено',
  'reminder.expired': 'Напоминание просрочено',
  'note.created': 'Добавлена заметка',
  'conversation.message': 'Сообщение в чате о клиенте',
  'import.finished': 'Импорт завершён',
};

export const WEBHOOKS_MAX = 20;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOKS_TOO_MANY = `В проекте не может быть больше ${WEBHOOKS_MAX} вебхуков`;
export const WEBHOOK_URL_HTTPS = 'Адрес должен начинаться с https://';
export const WEBHOOK_URL_PRIVATE = 'Адрес ведёт во внутреннюю сеть: укажите адрес, доступный из интернета';
export const WEBHOOK_URL_UNRESOLVED = 'Не удалось найти такой адрес: проверьте имя сайта';
export const WEBHOOK_EVENTS_REQUIRED = 'Выберите хотя бы одно событие';

/** An endpoint as the list shows it; its secret only once, at creation. */
export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Why it was switched off by the server (it kept failing); null when on or switched off by hand. */
  disabled_reason: z.string().nullable(),
  /** Since when its deliveries fail without a success between; null: the last one succeeded. */
  failing_since: isoDateTime.nullable(),
  /** Deliveries waiting to leave (new or to be retried). */
  pending: z.number().int(),
  created_at: isoDateTime,
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The creation's answer: with the signing secret (`whsec_…`), shown once. */
export const webhookCreatedSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const webhookBody = z.object({
  url: requiredText(WEBHOOK_URL_MAX).pipe(z.url({ protocol: /^https?$/, error: 'Введите адрес вида https://example.com/hook' })),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: 'Неизвестное событие' }), { error: WEBHOOK_EVENTS_REQUIRED })
    .min(1, WEBHOOK_EVENTS_REQUIRED)
    .transform((events) => [...new Set(events)]),
  /** Switched back on by hand: the deliveries that waited leave again. */
  enabled: z.boolean().optional().default(true),
});
export type WebhookBody = z.input<typeof webhookBody>;

export const webhookParams = z.object({ projectId: idSchema, webhookId: idSchema });
export const webhookDeliveryParams = webhookParams.extend({ deliveryId: idSchema });

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export const WEBHOOK_DELIVERY_STATE_LABELS: Record<(typeof WEBHOOK_DELIVERY_STATES)[number], string> = {
  pending: 'Ожидает отправки',
  delivered: 'Доставлено',
  failed: 'Не доставлено',
};

/** One event sent (or to be sent) to an endpoint, with its last try. */
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  /** The `webhook-id` header and the payload's id: the same on every try. */
  message_id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  created_at: isoDateTime,
  last_attempt_at: isoDateTime.nullable(),
  next_attempt_at: isoDateTime.nullable(),
  /** The receiver's HTTP status on the last try; null: no answer (a time-out, a refused connection). */
  response_status: z.number().int().nullable(),
  /** The start of the receiver's answer, or why there was none. */
  response: z.string().nullable(),
  /** The JSON sent. */
  body: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
