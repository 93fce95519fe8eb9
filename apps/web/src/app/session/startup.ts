import type { User, UserProject } from '@crm/contract';

/**
 * The project to work in: the one remembered from last time if the user still belongs to it,
 * else the first of the list (spec §4 "first project selected automatically").
 */
export const resolveProjectId = (
  stored: number | null,
  projects: ReadonlyArray<Pick<UserProject, 'id'>>,
): number | null => {
  if (stored !== null && projects.some((p) => p.id === stored)) return stored;
  return projects[0]?.id ?? null;
};

/**
 * The email-verification branch of spec §4: an unverified user is held on /verify-email, and
 * start-up resends the email and stores lastSentTime (see verification-gate.tsx).
 */
export const EMAIL_VERIFICATION_GATE = true;

export const VERIFY_EMAIL_PATH = '/verify-email';
export const CREATE_PROJECT_PATH = '/create-project';

/**
 * Where start-up must send a signed-in user, or null to stay (spec §4): unverified email →
 * /verify-email (gated, see above); no project → /create-project; otherwise the main layout.
 * Returns null while the data is still loading.
 */
export const startupRedirect = (
  user: Pick<User, 'email_verified'> | null | undefined,
  projects: ReadonlyArray<unknown> | null | undefined,
  gateEmail: boolean = EMAIL_VERIFICATION_GATE,
): string | null => {
  if (!user || !projects) return null;
  if (gateEmail && !user.email_verified) return VERIFY_EMAIL_PATH;
  if (projects.length === 0) return CREATE_PROJECT_PATH;
  return null;
};

/** /verify-email and /verify-email/{hash}: the only screens an unverified user may open. */
export const isVerifyEmailPath = (pathname: string): boolean =>
  pathname === VERIFY_EMAIL_PATH || pathname.startsWith(`${VERIFY_EMAIL_PATH}/`);

/** A verification link being opened: start-up must not send another email meanwhile. */
export const isVerifyLinkPath = (pathname: string): boolean =>
  pathname.startsWith(`${VERIFY_EMAIL_PATH}/`) && pathname.length > VERIFY_EMAIL_PATH.length + 1;

/**
 * Where an unverified user is held (spec §4): any screen of the session other than the
 * verification pages → /verify-email. Null to stay (verified, loading, or already there).
 */
export const verificationRedirect = (
  user: Pick<User, 'email_verified'> | null | undefined,
  pathname: string,
  gateEmail: boolean = EMAIL_VERIFICATION_GATE,
): string | null => {
  if (!gateEmail || !user || user.email_verified) return null;
  return isVerifyEmailPath(pathname) ? null : VERIFY_EMAIL_PATH;
};

/**
 * Whether start-up resends the verification email (spec §4): once per page load and user, for
 * an unverified user, but not while he is opening a verification link.
 */
export const shouldResendAtStartup = (
  user: Pick<User, 'id' | 'email_verified'> | null | undefined,
  pathname: string,
  alreadyTried: ReadonlySet<number>,
  gateEmail: boolean = EMAIL_VERIFICATION_GATE,
): boolean =>
  gateEmail && !!user && !user.email_verified && !alreadyTried.has(user.id) && !isVerifyLinkPath(pathname);
