import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { forgotPasswordBody, resetPasswordBody } from '@crm/contract';
import { paths } from '@/lib/paths';
import { isApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError } from '@/lib/query-client';
import { appStorage } from '@/lib/storage';
import { Button } from '@/ui/button';
import { CardPage } from '@/ui/card-page';
import formStyles from '@/ui/form.module.css';
import { useForgotPassword } from '@/features/accounts/api/forgot-password';
import { RESET_FALLBACK, useResetPassword } from '@/features/accounts/api/reset-password';
import styles from '@/features/accounts/components/auth.module.css';
import { EmailField, NewPasswordField, RepeatPasswordField } from '@/features/accounts/components/auth-fields';
import { AuthStatus } from '@/features/accounts/components/auth-status';
import { BackToLoginLink } from '@/features/accounts/components/footer-link';

const TITLE = 'Восстановление пароля';

/** The same answer for every address (the server does not say whether an account exists). */
export const RECOVERY_SENT_MESSAGE =
  'Если аккаунт с такой почтой существует, мы отправили письмо со ссылкой для восстановления пароля.';
export const PASSWORD_CHANGED_MESSAGE = 'Пароль изменён. Войдите с новым паролем.';
const BAD_LINK_MESSAGE = 'Ссылка для восстановления недействительна или устарела';

/**
 * /recovery (docs/product.md §6.5): without a token, the request form (POST /password/forgot); with
 * ?token&email from the email, the new-password form (POST /password/reset).
 */
export const RecoveryPage = () => {
  const [params] = useSearchParams();
  const token = params.get('token');
  // Keyed so that following 'Запросить новую ссылку' starts from an empty request form.
  return token !== null ? (
    <ResetPasswordForm key={`reset:${token}`} token={token} email={params.get('email') ?? ''} />
  ) : (
    <RequestLinkForm key="request" />
  );
};

const RequestLinkForm = () => {
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotPasswordBody), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await forgot.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      applyServerErrors(error, setError, ['email']);
    }
  });

  if (sentTo !== null) {
    return (
      <CardPage title={TITLE} footer={<BackToLoginLink />}>
        <AuthStatus
          icon="mail"
          title="Проверьте почту"
          actions={
            <Button variant="secondary" fullWidth onClick={() => setSentTo(null)}>
              Указать другую почту
            </Button>
          }
        >
          <p className={styles.statusText}>{RECOVERY_SENT_MESSAGE}</p>
          <p className={styles.statusText}>Ссылка действует 60 минут и работает один раз.</p>
        </AuthStatus>
      </CardPage>
    );
  }

  return (
    <CardPage
      title={TITLE}
      subtitle="Укажите почту, с которой вы входите, — мы пришлём ссылку для смены пароля"
      footer={<BackToLoginLink />}
    >
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        <EmailField autoFocus error={errors.email?.message} {...register('email')} />
        <div className={formStyles.actions}>
          <Button type="submit" fullWidth loading={forgot.isPending}>
            Отправить ссылку
          </Button>
        </div>
      </form>
    </CardPage>
  );
};

const ResetPasswordForm = ({ token, email }: { token: string; email: string }) => {
  const reset = useResetPassword();
  // A link the server refused (used, expired, someone else's): the form cannot help any more.
  const [linkError, setLinkError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(resetPasswordBody),
    defaultValues: { email, token, password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await reset.mutateAsync(values);
    } catch (error) {
      if (isApiError(error) && error.status === 422 && (error.errors.token || error.errors.email)) {
        setLinkError(error.errors.token?.[0] ?? error.errors.email?.[0] ?? BAD_LINK_MESSAGE);
        return;
      }
      if (!applyServerErrors(error, setError, ['password', 'password_confirmation'])) {
        notifyError(error, RESET_FALLBACK);
      }
      return;
    }
    // /login is its own page: it shows the message as it opens.
    appStorage.setNotice(PASSWORD_CHANGED_MESSAGE);
    window.location.replace(paths.login);
  });

  // The email and token come from the link, not from fields: a broken link is said once, on top.
  const badLink = linkError ?? (errors.token || errors.email ? BAD_LINK_MESSAGE : null);

  return (
    <CardPage
      title={TITLE}
      subtitle={email ? `Придумайте новый пароль для ${email}` : 'Придумайте новый пароль'}
      footer={<BackToLoginLink />}
    >
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        {badLink && (
          <div className={styles.alert} role="alert">
            <span>{badLink.replace(/\.$/, '')}.</span>
            <Link to={paths.recovery} className={formStyles.link}>
              Запросить новую ссылку
            </Link>
          </div>
        )}
        {/* For password managers: the account the new password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <NewPasswordField
          label="Новый пароль"
          autoFocus
          error={errors.password?.message}
          {...register('password')}
        />
        <RepeatPasswordField
          error={errors.password_confirmation?.message}
          {...register('password_confirmation')}
        />
        <div className={formStyles.actions}>
          <Button type="submit" fullWidth loading={reset.isPending} disabled={linkError !== null}>
            Сохранить пароль
          </Button>
        </div>
      </form>
    </CardPage>
  );
};
