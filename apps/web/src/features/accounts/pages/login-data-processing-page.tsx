import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/lib/paths';
import { errorToastMessage } from '@/lib/api-error';
import { appStorage } from '@/lib/storage';
import { ButtonLink } from '@/ui/button-link';
import { CardPage } from '@/ui/card-page';
import { GOOGLE_FALLBACK } from '@/features/accounts/api/google-redirect-url';
import { socialLogin } from '@/features/accounts/api/social-login';
import styles from '@/features/accounts/components/auth.module.css';
import { AuthStatus } from '@/features/accounts/components/auth-status';
import { BackToLoginLink } from '@/features/accounts/components/footer-link';
import { safeReturnPath } from '@/features/accounts/lib/return-to';
import { useRunOnce } from '@/features/accounts/lib/run-once';

const TITLE = 'Вход через Google';

/** Takes (and forgets) the page remembered before leaving for Google. */
const takeReturnTo = (): string | null => {
  const path = safeReturnPath(appStorage.getReturnTo());
  appStorage.removeReturnTo();
  return path;
};

/**
 * Google sends the browser back here with ?code&state(&iss) (docs/product.md §6.6). The code is
 * exchanged once (POST /socialite/login), the token stored as after a password sign-in, and
 * start-up decides where to go. A refusal is shown with the way back to /login.
 */
export const LoginDataProcessingPage = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const code = params.get('code');
  const state = params.get('state');
  const iss = params.get('iss') ?? undefined;
  // Google answers ?error=access_denied when the person cancels on its page.
  const providerError = params.get('error');

  const result = useRunOnce(code && state ? `google:${code}` : null, async () => {
    const { token } = await socialLogin({ provider: 'google', code: code ?? '', state: state ?? '', iss });
    appStorage.removeAccessToken();
    appStorage.setLoginToken(token);
    // Nothing cached for a previous account may survive into this one.
    queryClient.removeQueries();
    return takeReturnTo();
  });

  useEffect(() => {
    if (result.status === 'success') navigate(result.data ?? paths.home, { replace: true });
  }, [result, navigate]);

  let failure: string | null = null;
  if (result.status === 'error') failure = errorToastMessage(result.error, GOOGLE_FALLBACK);
  else if (result.status === 'idle') {
    failure = providerError === 'access_denied' ? 'Вход через Google отменён.' : GOOGLE_FALLBACK;
  }

  return (
    <CardPage title={TITLE} footer={failure ? undefined : <BackToLoginLink />}>
      {failure ? (
        <AuthStatus
          tone="danger"
          icon="alert"
          title="Не удалось войти через Google"
          actions={
            <ButtonLink to={paths.login} reloadDocument>
              Вернуться ко входу
            </ButtonLink>
          }
        >
          <p className={styles.statusText}>{failure}</p>
        </AuthStatus>
      ) : (
        <AuthStatus busy title="Выполняем вход…" />
      )}
    </CardPage>
  );
};
