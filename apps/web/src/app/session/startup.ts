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
 * Seam for the email-verification branch of spec §4 (the accounts issue): when it lands, this
 * becomes true, start-up resends the email, stores lastSentTime and goes to /verify-email.
 */
export const EMAIL_VERIFICATION_GATE = false;

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
