import { paths } from '@/lib/paths';

/** Paths a visitor without a token may open besides /login (docs/product.md §2.1). */
export const PUBLIC_PATHS: readonly string[] = [
  paths.registration,
  paths.recovery,
  paths.loginDataProcessing,
];

const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/**
 * The auth redirect rule (docs/product.md §2.1): no stored token and a path other than the public
 * ones → /login; a signed-in user on /login → /. Null means stay.
 */
export const authRedirect = (pathname: string, hasToken: boolean): string | null => {
  const path = normalise(pathname);
  if (!hasToken) return path === paths.login || PUBLIC_PATHS.includes(path) ? null : paths.login;
  return path === paths.login ? paths.home : null;
};
