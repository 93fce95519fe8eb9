import type { User, UserProject } from '@crm/contract';
import { paths } from '@/lib/paths';

/**
 * The project to work in: the one remembered from last time if the user still belongs to it,
 * else the first of the list (docs/product.md §2.1).
 */
export const resolveProjectId = (
  stored: number | null,
  projects: ReadonlyArray<Pick<UserProject, 'id'>>,
): number | null => {
  if (stored !== null && projects.some((p) => p.id === stored)) return stored;
  return projects[0]?.id ?? null;
};

/**
 * The email-verification branch of docs/product.md §2.1: an unverified user is held on /verify-email, and
 * start-up resends the email and stores lastSentTime (see verification-gate.tsx).
 */
export const EMAIL_VERIFICATION_GATE = true;

/**
 * Where start-up must send a signed-in user, or null to stay (docs/product.md §2.1): unverified email →
 * /verify-email (gated, see above); no project → /create-project; otherwise the main layout.
 * Returns null while the data is still loading.
 */
export const startupRedirect = (
  user: Pick<User, 'email_verified'> | null | undefined,
  projects: ReadonlyArray<unknown> | null | undefined,
  gateEmail: boolean = EMAIL_VERIFICATION_GATE,
): string | null => {
  if (!user || !projects) return null;
  if (gateEmail && !user.email_verified) return paths.verifyEmail;
  if (projects.length === 0) return paths.createProject;
  return null;
};

/** /verify-email and /verify-email/{hash}: the only screens an unverified user may open. */
export const isVerifyEmailPath = (pathname: string): boolean =>
  pathname === paths.verifyEmail || pathname.startsWith(`${paths.verifyEmail}/`);

/** A verification link being opened: start-up must not send another email meanwhile. */
export const isVerifyLinkPath = (pathname: string): boolean =>
  pathname.startsWith(`${paths.verifyEmail}/`) && pathname.length > paths.verifyEmail.length + 1;

/**
 * Where an unverified user is held (docs/product.md §2.1): any screen of the session other than the
 * verification pages → /verify-email. Null to stay (verified, loading, or already there).
 */
export const verificationRedirect = (
  user: Pick<User, 'email_verified'> | null | undefined,
  pathname: string,
  gateEmail: boolean = EMAIL_VERIFICATION_GATE,
): string | null => {
  if (!gateEmail || !user || user.email_verified) return null;
  return isVerifyEmailPath(pathname) ? null : paths.verifyEmail;
};

/**
 * Whether start-up resends the verification email (docs/product.md §2.1): once per page load and user, for
 * an unverified user, but not while he is opening a verification link, nor while the resend
 * cooldown of an email just sent (e.g. by the registration) runs: the server would only refuse.
 */
export const shouldResendAtStartup = (
  user: Pick<User, 'id' | 'email_verified'> | null | undefined,
  pathname: string,
  alreadyTried: ReadonlySet<number>,
  emailJustSent = false,
  gateEmail: boolean = EMAIL_VERIFICATION_GATE,
): boolean =>
  gateEmail &&
  !!user &&
  !user.email_verified &&
  !alreadyTried.has(user.id) &&
  !isVerifyLinkPath(pathname) &&
  !emailJustSent;
