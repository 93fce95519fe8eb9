/** Paths a visitor without a token may open (spec §2, plus the accounts issue's recovery pages). */
export const PUBLIC_PATHS: readonly string[] = ['/registration', '/recovery', '/login_data_processing'];

export const LOGIN_PATH = '/login';

const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/**
 * The auth redirect rule (spec §2): no stored token and a path other than the public ones →
 * /login; a signed-in user on /login → /. Null means stay.
 */
export const authRedirect = (pathname: string, hasToken: boolean): string | null => {
  const path = normalise(pathname);
  if (!hasToken) return path === LOGIN_PATH || PUBLIC_PATHS.includes(path) ? null : LOGIN_PATH;
  return path === LOGIN_PATH ? '/' : null;
};
