import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { REQUIRED } from '@crm/contract/sign-in';
import { paths } from '@/lib/paths';
import { errorToastMessage } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { appStorage } from '@/lib/storage';
import { Button } from '@/ui/button';
import { CardPage } from '@/ui/card-page';
import formStyles from '@/ui/form.module.css';
import { Input } from '@/ui/input';
import { showToast } from '@/ui/toast-on-demand';
import { login, type LoginPayload } from '@/features/accounts/api/login';
import { EmailField } from '@/features/accounts/components/auth-fields';
import { FooterLink } from '@/features/accounts/components/footer-link';
import { GoogleSignIn } from '@/features/accounts/components/google-sign-in';
import { safeReturnPath } from '@/features/accounts/lib/return-to';

const LOGIN_FALLBACK = 'Login failed. Please try again.';

/**
 * /login, the page of its own entry (src/login.tsx): no router, no query cache and no zod, so a
 * phone downloads little before it can sign in. The server checks the fields; its 422 puts each
 * message under its field. Signing in loads the app as a new document, which also leaves nothing
 * of a previous account behind.
 */
export const LoginPage = () => {
  // The page a signed-out visitor asked for (e.g. a verification link), opened after sign-in.
  const returnTo = safeReturnPath(appStorage.getReturnTo());
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginPayload>({ defaultValues: { email: '', password: '' } });

  // A message the previous page left for this one ('Пароль изменён').
  useEffect(() => {
    const notice = appStorage.takeNotice();
    if (notice) void showToast('success', notice);
  }, []);

  const onSubmit = handleSubmit(async (values) => {
    let token: string;
    try {
      ({ token } = await login(values));
    } catch (error) {
      // The toast says what happened; the field shows where.
      void showToast('error', errorToastMessage(error, LOGIN_FALLBACK));
      applyServerErrors(error, setError, ['email', 'password']);
      return;
    }
    appStorage.setLoginToken(token);
    appStorage.removeReturnTo();
    window.location.replace(returnTo ?? paths.home);
    // The button keeps its spinner while the app loads.
    await new Promise(() => undefined);
  });

  return (
    <CardPage
      title="Вход"
      subtitle={
        returnTo?.startsWith(paths.verifyEmail)
          ? 'Войдите, чтобы подтвердить адрес электронной почты'
          : 'Войдите, чтобы продолжить работу с клиентами'
      }
      footer={
        <FooterLink question="Нет аккаунта?" to={paths.registration}>
          Зарегистрироваться
        </FooterLink>
      }
    >
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        {/* An empty field is said under it at once: no request, and no toast over the two messages. */}
        <EmailField error={errors.email?.message} {...register('email', { required: REQUIRED })} />
        <Input
          label="Пароль"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...register('password', { required: REQUIRED })}
        />
        <div className={formStyles.row}>
          <span />
          <a href={paths.recovery} className={formStyles.link}>
            Забыли пароль?
          </a>
        </div>
        <div className={formStyles.actions}>
          <Button type="submit" fullWidth loading={isSubmitting}>
            Войти
          </Button>
        </div>
      </form>
      <GoogleSignIn returnTo={returnTo} />
    </CardPage>
  );
};
