import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useStartupResendMutation } from '@/features/accounts/api/resend-verification';
import { cooldownRemaining } from '@/features/accounts/lib/resend-cooldown';
import { useSession } from '@/lib/session-context';
import { appStorage } from '@/lib/storage';
import { shouldResendAtStartup, verificationRedirect } from './startup';

/** Users whose start-up resend already ran in this page load (StrictMode and remounts included). */
const resentAtStartup = new Set<number>();

/**
 * The email branch of start-up (docs/product.md §2.1) for every screen of the session: an unverified user
 * gets the verification email again (a 429 only means one went out recently; its Retry-After
 * sets lastSentTime), and is held on /verify-email. The resend does not hold up the redirect, and
 * is skipped while `lastSentTime` says an email went out within the cooldown (the registration's).
 */
export const VerificationGate = ({ children }: { children: ReactNode }) => {
  const { user } = useSession();
  const { pathname } = useLocation();
  const { mutate: resend } = useStartupResendMutation();

  useEffect(() => {
    const justSent = cooldownRemaining(appStorage.getLastSentTime(), Date.now()) > 0;
    if (!user || !shouldResendAtStartup(user, pathname, resentAtStartup, justSent)) return;
    resentAtStartup.add(user.id);
    resend();
  }, [user, pathname, resend]);

  const target = verificationRedirect(user, pathname);
  return target ? <Navigate to={target} replace /> : children;
};
