import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets of outside systems kept at rest (a bot's token): AES-256-GCM with a key derived from
 * SECRETS_KEY, a random nonce per value; stored as `v1.<nonce>.<tag>.<ciphertext>` (base64url).
 */
export function createSecretBox(secretsKey: string) {
  const key = createHash('sha256').update(secretsKey).digest();
  return {
    seal(plain: string): string {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', nonce, cipher.getAuthTag(), sealed].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    open(stored: string): string {
      const [version, nonce, tag, sealed] = stored.split('.');
      if (version !== 'v1' || !nonce || !tag || sealed === undefined) throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
