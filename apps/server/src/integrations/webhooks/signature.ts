import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new endpoint's secret, in the Standard Webhooks form: `whsec_` + base64 of 32 random bytes. */
export const newWebhookSecret = () => `${PREFIX}${randomBytes(32).toString('base64')}`;

/**
 * The Standard Webhooks headers (standardwebhooks.com): `webhook-id` (the same on every try),
 * `webhook-timestamp` (seconds, this try's), and `webhook-signature`: `v1,` + base64 of
 * HMAC-SHA256 over `id.timestamp.body` with the secret's bytes.
 */
export function signedHeaders(secret: string, messageId: string, timestampSeconds: number, body: string) {
  const key = Buffer.from(secret.slice(PREFIX.length), 'base64');
  const signature = createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64');
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': `v1,${signature}`,
  };
}
