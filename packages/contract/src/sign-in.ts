/**
 * The field limits the sign-in page's inputs show, kept free of zod so that page loads without it
 * (its first download stays small on a phone). The schemas (auth.ts) take them from here, so
 * each is still written once.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;

/** A field left empty: the one message, on every form and in every API answer. */
export const REQUIRED = 'Обязательное поле';
