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
