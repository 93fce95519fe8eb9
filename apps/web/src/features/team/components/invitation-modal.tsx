import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { EMAIL_MAX, invitationCreateBody, invitationRoles, roleLabels } from '@crm/contract';
import { applyServerErrors } from '@/lib/form-errors';
import formStyles from '@/ui/form.module.css';
import { Input } from '@/ui/input';
import { ModalFormActions } from '@/ui/modal';
import { Select } from '@/ui/select';
import { useCreateInvitation } from '@/features/team/api/create-invitation';
import styles from './invitation-modal.module.css';

export const INVITATION_SENT = 'Приглашение успешно отправлено!';

type InvitationModalProps = { projectId: number; onDone: () => void };

/**
 * The invitation modal (docs/product.md §2.4): an email and a status, 'Админ' or 'Менеджер'. Sending stays
 * disabled until both are given (docs/product.md §4.4); the server emails the link to the address.
 */
export const InvitationModal = ({ projectId, onDone }: InvitationModalProps) => {
  const createMutation = useCreateInvitation(projectId);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(invitationCreateBody),
    // '' shows the 'Выберите статус' placeholder until a role is picked.
    defaultValues: { email: '', role: '' as unknown as (typeof invitationRoles)[number] },
  });
  const email = watch('email');
  const role = watch('role');
  const ready = email.trim() !== '' && Boolean(role);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await createMutation.mutateAsync(values);
    } catch (error) {
      applyServerErrors(error, setError, ['email', 'role']);
      return;
    }
    toast.success(INVITATION_SENT);
    onDone();
  });

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.lead}>Мы отправим письмо со ссылкой на регистрацию. Ссылка действует 7 дней.</p>
      <Input
        label="Электронная почта"
        type="email"
        autoComplete="off"
        placeholder="name@company.ru"
        required
        limit={EMAIL_MAX}
        data-autofocus
        error={errors.email?.message}
        {...register('email')}
      />
      <Select label="Статус" required placeholder="Выберите статус" error={errors.role?.message} {...register('role')}>
        {invitationRoles.map((value) => (
          <option key={value} value={value}>
            {roleLabels[value]}
          </option>
        ))}
      </Select>
      <ModalFormActions
        onCancel={onDone}
        submitText="Отправить"
        disabled={!ready}
        loading={createMutation.isPending}
      />
    </form>
  );
};
