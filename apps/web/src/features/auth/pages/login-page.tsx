import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginBody } from '@crm/contract';
import { paths } from '@/app/paths';
import { applyServerErrors } from '@/lib/form-errors';
import { Button } from '@/ui/button';
import { CardPage } from '@/ui/card-page';
import formStyles from '@/ui/form.module.css';
import { Input } from '@/ui/input';
import { useLogin } from '@/features/auth/api/login';
import { EmailField } from '@/features/auth/components/auth-fields';
import { FooterLink } from '@/features/auth/components/footer-link';
import { GoogleSignIn } from '@/features/auth/components/google-sign-in';
import { returnPathFromState } from '@/features/auth/lib/return-to';

export const LoginPage = () => {
  const navigate = useNavigate();
  // The page a signed-out visitor asked for (e.g. a verification link), opened after sign-in.
  const returnTo = returnPathFromState(useLocation().state);
  const queryClient = useQueryClient();
  const loginMutation = useLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginBody), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await loginMutation.mutateAsync(values);
    } catch (error) {
      // The toast (from the mutation's meta) says what happened; the field shows where.
      applyServerErrors(error, setError, ['email', 'password']);
      return;
    }
    // Nothing cached for a previous account may survive into this one.
    queryClient.removeQueries();
    navigate(returnTo ?? paths.home, { replace: true });
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
        <EmailField error={errors.email?.message} {...register('email')} />
        <Input
          label="Пароль"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
        <div className={formStyles.row}>
          <span />
          <Link to={paths.recovery} className={formStyles.link}>
            Забыли пароль?
          </Link>
        </div>
        <div className={formStyles.actions}>
          <Button type="submit" fullWidth loading={loginMutation.isPending}>
            Войти
          </Button>
        </div>
      </form>
      <GoogleSignIn returnTo={returnTo} />
    </CardPage>
  );
};
