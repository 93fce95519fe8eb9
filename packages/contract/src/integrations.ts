import { z } from 'zod';
import { idSchema, isoDateTime, plainText, requiredText, tooLong } from './common.js';
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

// ---- lead forms -----------------------------------------------------------------------------

export const LEAD_FORMS_MAX = 20;
export const LEAD_FORM_NAME_MAX = 100;
export const LEAD_FORM_THANKS_MAX = 500;
export const LEAD_FORM_ORIGINS_MAX = 10;
/** The biggest submission a form takes (bytes of JSON). */
export const LEAD_SUBMISSION_MAX_BYTES = 16_384;
export const LEAD_FORMS_TOO_MANY = `В проекте не может быть больше ${LEAD_FORMS_MAX} форм`;
export const LEAD_FORM_ORIGIN_INVALID = 'Укажите адрес сайта вида https://example.com, по одному в строке';
export const LEAD_FORM_MANAGER_REQUIRED = 'Выберите менеджера';
export const LEAD_REFUSED = 'Заявка не принята';
export const LEAD_TOO_FAST = 'Форма отправлена слишком быстро: подождите несколько секунд и отправьте снова';
export const LEAD_ORIGIN_REFUSED = 'Эта форма не принимает заявки с этого сайта';
export const LEAD_FORM_GONE = 'Форма не найдена или выключена';
export const LEAD_THANKS_DEFAULT = 'Спасибо! Мы свяжемся с вами в ближайшее время.';

/** Who gets a new client: one manager, or the managers by turns. */
export const LEAD_MANAGER_RULES = ['one', 'rotation'] as const;
export type LeadManagerRule = (typeof LEAD_MANAGER_RULES)[number];
export const LEAD_MANAGER_RULE_LABELS: Record<LeadManagerRule, string> = {
  one: 'Один менеджер',
  rotation: 'Менеджеры по очереди',
};

/** A site's origin as a browser sends it: scheme, host and port, nothing else. */
const originSchema = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value.replace(/\/$/, '');
    } catch {
      return false;
    }
  }, LEAD_FORM_ORIGIN_INVALID)
  .transform((value) => value.replace(/\/$/, ''));

export const leadFormSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** In the snippet and the POST address; not a secret (it is on the site's page). */
  public_key: z.string(),
  /** The client form's fields the form asks, in this order (the name and last name always). */
  field_ids: z.array(z.number().int()),
  category_id: z.number().int(),
  manager_rule: z.enum(LEAD_MANAGER_RULES),
  manager_id: z.number().int().nullable(),
  thank_you: z.string(),
  origins: z.array(z.string()),
  enabled: z.boolean(),
  /** Clients it created, and submissions added to an existing client. */
  created_clients: z.number().int(),
  created_at: isoDateTime,
});
export type LeadForm = z.infer<typeof leadFormSchema>;

export const leadFormBody = z
  .object({
    name: requiredText(LEAD_FORM_NAME_MAX),
    field_ids: z.array(z.number().int().positive()).max(50).optional().default([]),
    category_id: z.number({ error: 'Выберите категорию' }).int().positive('Выберите категорию'),
    manager_rule: z.enum(LEAD_MANAGER_RULES, { error: 'Выберите, кому достаются клиенты' }),
    manager_id: z.number().int().positive().nullable().optional().default(null),
    thank_you: plainText('multi').trim().max(LEAD_FORM_THANKS_MAX, tooLong(LEAD_FORM_THANKS_MAX)).optional().default(''),
    origins: z
      .array(originSchema)
      .min(1, 'Укажите хотя бы один сайт, с которого отправляют форму')
      .max(LEAD_FORM_ORIGINS_MAX, `Не больше ${LEAD_FORM_ORIGINS_MAX} сайтов`),
    enabled: z.boolean().optional().default(true),
  })
  .refine((b) => b.manager_rule !== 'one' || b.manager_id !== null, {
    message: LEAD_FORM_MANAGER_REQUIRED,
    path: ['manager_id'],
  });
export type LeadFormBody = z.input<typeof leadFormBody>;

export const leadFormParams = z.object({ projectId: idSchema, formId: idSchema });
export const leadFormKeyParams = z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, LEAD_FORM_GONE) });

/** What the page's form shows: its fields and the thank-you text; `token` starts the fill time. */
export const publicLeadFormSchema = z.object({
  name: z.string(),
  fields: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      type: z.string(),
      required: z.boolean(),
      options: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  ),
  thank_you: z.string(),
  /** Sent back with the submission: when the form was shown, signed. */
  token: z.string(),
  /** The least time (ms) between showing and sending. */
  min_fill_ms: z.number().int(),
});
export type PublicLeadForm = z.infer<typeof publicLeadFormSchema>;

export const leadSubmissionBody = z.object({
  name: requiredText(100),
  last_name: requiredText(100),
  fields: z
    .array(z.object({ field_id: z.number().int().positive(), value: plainText('multi').max(5000, tooLong(5000)) }))
    .max(50)
    .optional()
    .default([]),
  token: plainText().max(200),
  /** The honeypot: hidden from people, filled by robots. */
  website: plainText().max(500).optional().default(''),
});
export type LeadSubmissionBody = z.input<typeof leadSubmissionBody>;

export const leadSubmittedSchema = z.object({ thank_you: z.string() });
