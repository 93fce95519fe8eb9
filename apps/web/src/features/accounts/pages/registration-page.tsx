import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Outlet, useNavigate, useSearchParams } from 'react-router';
import { registerBody } from '@crm/contract';
import { paths } from '@/lib/paths';
import { applyServerErrors } from '@/lib/form-errors';
import { appStorage } from '@/lib/storage';
import { Button } from '@/ui/button';
import { CardPage } from '@/ui/card-page';
import formStyles from '@/ui/form.module.css';
import { Input } from '@/ui/input';
import { useRegister } from '@/features/accounts/api/register';
import { EmailField, NewPasswordField, RepeatPasswordField } from '@/features/accounts/components/auth-fields';
import { FooterLink } from '@/features/accounts/components/footer-link';
import { GoogleSignIn } from '@/features/accounts/components/google-sign-in';

const FIELDS = ['name', 'email', 'password', 'password_confirmation', 'invitation_token'] as const;

export const RegistrationPage = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  // An invitation link (docs/product.md §6.2) proves the address and joins the inviting project.
  const invitation = params.get('invitation') ?? undefined;
  // Signed in, an invitation is accepted, not registered for: the banner alone, no empty form.
  const joining = invitation !== undefined && appStorage.hasToken();
  const registerMutation = useRegister();
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(registerBody),
    defaultValues: {
      name: '',
      email: '',
      password: '',
      password_confirmation: '',
      invitation_token: invitation,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await registerMutation.mutateAsync(values);
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
      return;
    }
    queryClient.removeQueries();
    // Start-up decides what comes next: a new project, or the invited project's layout.
    navigate(paths.home, { replace: true });
  });

  return (
    <CardPage
      title={joining ? 'Приглашение в проект' : 'Регистрация'}
      footer={
        joining ? undefined : (
          <FooterLink question="Уже есть аккаунт?" to={paths.login}>
            Войти
          </FooterLink>
        )
      }
    >
      {/*
        The team feature's invitation banner (a child route) says whether the invitation is usable
        (the page itself claims nothing): project, role, the email filled in as the field's default.
      */}
      <Outlet
        context={{
          prefillEmail: (email: string) => resetField('email', { defaultValue: email }),
          invitationUsed: registerMutation.isSuccess,
        }}
      />
      {!joining && (
        <form className={formStyles.form} onSubmit={onSubmit} noValidate>
          <Input
            label="Имя"
            autoComplete="name"
            required
            limit={registerBody.shape.name.maxLength ?? undefined}
            error={errors.name?.message}
            {...register('name')}
          />
          <EmailField error={errors.email?.message} {...register('email')} />
          <NewPasswordField error={errors.password?.message} {...register('password')} />
          <RepeatPasswordField
            error={errors.password_confirmation?.message}
            {...register('password_confirmation')}
          />
          {errors.invitation_token?.message && (
            <p className={formStyles.error} role="alert">
              {errors.invitation_token.message}
            </p>
          )}
          <div className={formStyles.actions}>
            <Button type="submit" fullWidth loading={registerMutation.isPending}>
              Зарегистрироваться
            </Button>
          </div>
        </form>
      )}
      {/* Google cannot carry the invitation token, so an invited person registers by the form. */}
      {!invitation && <GoogleSignIn />}
    </CardPage>
  );
};
