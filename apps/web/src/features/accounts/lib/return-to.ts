import { paths } from '@/lib/paths';

const SIGN_IN_PATHS: readonly string[] = [
  paths.login,
  paths.registration,
  paths.recovery,
  paths.loginDataProcessing,
];

/**
 * A path inside the app to come back to after signing in, or null. Only same-origin paths
 * ('/…', not '//host' or '/\host') are accepted, so a crafted link cannot send the user away,
 * and never the sign-in pages themselves, but for an invitation link: signed in, it offers
 * 'Принять приглашение' (docs/product.md §6.2).
 */
export const safeReturnPath = (value: unknown): string | null => {
  if (typeof value !== 'string' || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  const [path = '', search = ''] = (value.split('#')[0] ?? '').split('?');
  const page = path.replace(/\/+$/, '');
  if (page === paths.registration && new URLSearchParams(search).has('invitation')) return value;
  if (SIGN_IN_PATHS.includes(page)) return null;
  return value;
};
