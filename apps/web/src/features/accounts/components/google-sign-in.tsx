import { useEffect, useState, type MouseEvent } from 'react';
import { paths } from '@/lib/paths';
import { errorToastMessage } from '@/lib/api-error';
import buttonStyles from '@/ui/button.module.css';
import { cx } from '@/ui/cx';
import { showToast } from '@/ui/toast-on-demand';
import { getAuthConfig } from '@/features/accounts/api/get-auth-config';
import { GOOGLE_FALLBACK, goToGoogle } from '@/features/accounts/api/google-redirect-url';
import styles from './auth.module.css';

/** Google's "G" in its own colours (its brand guidelines ask for the mark as is). */
const GoogleMark = () => (
  <svg
    className={styles.googleMark}
    width="18"
    height="18"
    viewBox="0 0 48 48"
    aria-hidden="true"
    focusable="false"
  >
    <path
      fill="#FFC107"
      d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
    />
    <path
      fill="#FF3D00"
      d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
    />
    <path
      fill="#4CAF50"
      d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
    />
    <path
      fill="#1976D2"
      d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
    />
  </svg>
);

type GoogleSignInProps = {
  /** The page to open after signing in (e.g. a verification link), if any. */
  returnTo?: string | null;
};

/** Whether the server offers Google (GET /auth/config); without an answer, no button. */
const useGoogleOffered = () => {
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    const request = new AbortController();
    getAuthConfig(request.signal).then(
      (config) => setOffered(config.google),
      () => setOffered(false),
    );
    return () => request.abort();
  }, []);
  return offered;
};

/**
 * 'Войти через Google' under a divider, shown only when the server says Google is configured.
 * It leaves the app for Google's page, so it is a link (styled as a secondary button): the
 * server first names the address (it keeps state and PKCE), then the browser goes there. The
 * spinner stays until Google's page opens. Plain state, not TanStack Query: it is on the
 * sign-in page, which loads without it.
 */
export const GoogleSignIn = ({ returnTo = null }: GoogleSignInProps) => {
  const offered = useGoogleOffered();
  const [busy, setBusy] = useState(false);
  if (!offered) return null;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    goToGoogle(returnTo).catch((error: unknown) => {
      setBusy(false);
      void showToast('error', errorToastMessage(error, GOOGLE_FALLBACK));
    });
  };
  return (
    <>
      <div className={styles.divider}>или</div>
      <a
        href={paths.login}
        className={cx(buttonStyles.button, buttonStyles.secondary, buttonStyles.full, styles.google)}
        aria-busy={busy || undefined}
        aria-disabled={busy || undefined}
        onClick={onClick}
      >
        {busy ? <span className={buttonStyles.spinner} aria-hidden="true" /> : <GoogleMark />}
        Войти через Google
      </a>
    </>
  );
};
