import type { ComponentProps } from 'react';
import { EMAIL_MAX, PASSWORD_MIN } from '@crm/contract/sign-in';
import { Input } from '@/ui/input';

type FieldProps = Omit<ComponentProps<typeof Input>, 'label' | 'type'>;

/** The account's address, as the sign-in, registration and recovery forms ask for it. */
export const EmailField = (props: FieldProps) => (
  <Input
    label="Электронная почта"
    type="email"
    autoComplete="email"
    placeholder="name@company.ru"
    required
    limit={EMAIL_MAX}
    {...props}
  />
);

/** A password being chosen (registration, recovery), with the rule it must meet. */
export const NewPasswordField = ({ label = 'Пароль', ...props }: FieldProps & { label?: string }) => (
  <Input
    label={label}
    type="password"
    autoComplete="new-password"
    required
    hint={`Не менее ${PASSWORD_MIN} символов`}
    {...props}
  />
);

/** The chosen password once more. */
export const RepeatPasswordField = (props: FieldProps) => (
  <Input label="Повторите пароль" type="password" autoComplete="new-password" required {...props} />
);
