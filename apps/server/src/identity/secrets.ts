import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: tokens in links and Bearer secrets. */
export const randomSecret = () => randomBytes(32).toString('base64url');

/** What we store of a secret: its SHA-256, so a leaked table reveals no usable link or token. */
export const sha256Hex = (secret: string) => createHash('sha256').update(secret).digest('hex');
