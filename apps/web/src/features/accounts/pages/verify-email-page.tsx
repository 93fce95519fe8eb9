import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { paths } from '@/lib/paths';
import { isApiError } from '@/lib/api-error';
import { queryKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session-context';
import { Button } from '@/ui/button';
import { ButtonLink } from '@/ui/button-link';
import { CardPage } from '@/ui/card-page';
import { useModals } from '@/ui/modal';
import { userQueryOptions } from '@/features/accounts/api/get-user';
import { verifyEmail } from '@/features/accounts/api/verify-email';
import styles from '@/features/accounts/components/auth.module.css';
import { AuthStatus } from '@/features/accounts/components/auth-status';
import {
  EMAIL_NOT_CONFIRMED_TITLE,
  EmailNotConfirmedModal,
} from '@/features/accounts/components/email-not-confirmed-modal';
import { ResendVerification } from '@/features/accounts/components/resend-verification';
import { SignOutLink } from '@/features/accounts/components/sign-out-link';
import { useRunOnce } from '@/features/accounts/lib/run-once';

const TITLE = 'Подтверждение почты';
const VERIFY_FAILED_TITLE = 'Не удалось подтвердить почту';
const SERVER_UNREACHED = 'Сервер не ответил. Откройте ссылку из письма ещё раз чуть позже.';

/**
 * Why the link failed, in Russian: the page speaks the user's language (the English fallbacks of
 * docs/product.md §5.5 are for toasts only). The server's reason when it gave one, e.g. 'Ссылка для
 * подтверждения недействительна или устарела'; otherwise the request itself failed.
 */
const verifyFailureReason = (error: unknown): string =>
  isApiError(error) && error.status < 500 && error.message.trim() !== '' ? error.message : SERVER_UNREACHED;

const VERIFIED_MESSAGE = 'Почта подтверждена!';
const ALREADY_VERIFIED_MESSAGE = 'Почта уже подтверждена';

/**
 * /verify-email/:verifyHash? (docs/product.md §6.4). Without a hash: where an unverified user waits, with the
 * email-not-confirmed modal and its resend button. With one: the link from the email, POSTed
 * with the user's token, then on to the start-up rule.
 */
export const VerifyEmailPage = () => {
  const { verifyHash } = useParams();
  return verifyHash ? <VerifyLink hash={verifyHash} /> : <AwaitingVerification />;
};

const AwaitingVerification = () => {
  const { user, signOut } = useSession();
  const modals = useModals();
  // The link is usually opened in another tab: coming back here re-reads the user, so this page
  // notices the address is confirmed without a reload.
  useQuery({ ...userQueryOptions(), refetchOnWindowFocus: 'always' });

  const email = user?.email ?? null;
  const unverified = user ? !user.email_verified : false;

  const openModal = useCallback(
    (address: string) =>
      modals.open(() => <EmailNotConfirmedModal email={address} onSignOut={signOut} />, {
        title: EMAIL_NOT_CONFIRMED_TITLE,
        width: 480,
      }),
    [modals, signOut],
  );

  useEffect(() => {
    if (!email || !unverified) return;
    const id = openModal(email);
    return () => modals.close(id);
  }, [email, unverified, openModal, modals]);

  let body;
  if (!user) {
    body = <AuthStatus busy title="Загрузка…" />;
  } else if (user.email_verified) {
    body = (
      <AuthStatus
        tone="success"
        icon="check"
        title={ALREADY_VERIFIED_MESSAGE}
        actions={<ButtonLink to={paths.home}>Продолжить</ButtonLink>}
      />
    );
  } else {
    body = (
      <AuthStatus
        icon="mail"
        title="Письмо отправлено"
        live={false}
        actions={
          <Button variant="secondary" fullWidth onClick={() => openModal(user.email)}>
            Не пришло письмо?
          </Button>
        }
      >
        <p className={styles.statusText}>
          Мы отправили письмо со ссылкой для подтверждения на <strong>{user.email}</strong>. Перейдите по
          ссылке из письма, чтобы начать работу. Ссылка действует 24 часа.
        </p>
      </AuthStatus>
    );
  }

  return (
    <CardPage title={TITLE} footer={<SignOutLink onSignOut={signOut} />}>
      {body}
    </CardPage>
  );
};

type VerifyResult = { alreadyVerified: boolean };

const VerifyLink = ({ hash }: { hash: string }) => {
  const { user, signOut } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  // The hash works once: one POST per page load, however often React mounts the page.
  const result = useRunOnce<VerifyResult>(user ? `verify-email:${user.id}:${hash}` : null, async () => {
    if (user?.email_verified) return { alreadyVerified: true };
    const verified = await verifyEmail(hash);
    queryClient.setQueryData(queryKeys.user(), verified);
    return { alreadyVerified: false };
  });

  useEffect(() => {
    if (result.status !== 'success') return;
    const message = result.data.alreadyVerified ? ALREADY_VERIFIED_MESSAGE : VERIFIED_MESSAGE;
    toast.success(message, { toastId: 'email-verified' });
    // Start-up decides what comes next: a new project, or the main layout.
    navigate(paths.home, { replace: true });
  }, [result, navigate]);

  let body;
  if (result.status === 'error') {
    body = (
      <AuthStatus tone="danger" icon="alert" title={VERIFY_FAILED_TITLE} actions={<ResendVerification />}>
        <p className={styles.statusText}>{verifyFailureReason(result.error)}</p>
        <p className={styles.statusText}>
          Отправьте письмо ещё раз: ссылка в новом письме будет действовать 24 часа.
        </p>
      </AuthStatus>
    );
  } else if (result.status === 'success') {
    body = <AuthStatus tone="success" icon="check" title={VERIFIED_MESSAGE} />;
  } else {
    body = <AuthStatus busy title="Подтверждаем почту…" />;
  }

  return (
    <CardPage title={TITLE} footer={<SignOutLink onSignOut={signOut} />}>
      {body}
    </CardPage>
  );
};
