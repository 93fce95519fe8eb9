/**
 * What the sign-in page needs from the contract, kept free of zod so that page loads without it
 * (its first download stays small on a phone): the field limits its inputs show, and the
 * addresses of the calls it makes. The schemas and endpoints (auth.ts, accounts.endpoints.ts)
 * take these from here, so each is still written once.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;

export const signInAddresses = {
  login: { method: 'POST', path: '/login' },
  authConfig: { method: 'GET', path: '/auth/config' },
  googleRedirectUrl: { method: 'GET', path: '/socialite/redirect-url' },
} as const;
