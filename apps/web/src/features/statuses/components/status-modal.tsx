import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { statusCreateBody, type Status } from '@crm/contract';
import { applyServerErrors } from '@/lib/form-errors';
import formStyles from '@/ui/form.module.css';
import { Input } from '@/ui/input';
import { ModalFormActions } from '@/ui/modal';
import { useCreateStatus } from '@/features/statuses/api/create-status';
import { useUpdateStatus } from '@/features/statuses/api/update-status';
import styles from './statuses.module.css';

export const STATUS_CREATED = 'Статус создан!';
/** The length the schema allows, shown by the field's counter. */
const NAME_LIMIT = statusCreateBody.shape.name.maxLength ?? undefined;
export const STATUS_UPDATED = 'Статус обновлен!';

type StatusModalProps = {
  projectId: number;
  /** Given: rename that status (and maybe make it the default); absent: the add status modal. */
  status?: Status;
  onDone: () => void;
};

/**
 * The add status modal of docs/product.md §4.5: 'Название статуса', a checkbox 'По умолчанию', 'Добавить'
 * (disabled while the name is empty) and 'Отменить'. The same form renames a status.
 */
export const StatusModal = ({ projectId, status, onDone }: StatusModalProps) => {
  const createMutation = useCreateStatus(projectId);
  const updateMutation = useUpdateStatus(projectId);
  const editing = status !== undefined;
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(statusCreateBody),
    defaultValues: { name: status?.name ?? '', is_default: status?.is_default ?? false },
  });
  const nameEmpty = watch('name').trim() === '';
  const pending = createMutation.isPending || updateMutation.isPending;

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (status) {
        // A default status stays default: it is un-defaulted only by making another one default.
        await updateMutation.mutateAsync({
          statusId: status.id,
          body: { name: values.name, ...(values.is_default ? { is_default: true } : {}) },
        });
      } else {
        await createMutation.mutateAsync(values);
      }
    } catch (error) {
      applyServerErrors(error, setError, ['name', 'is_default']);
      return;
    }
    toast.success(editing ? STATUS_UPDATED : STATUS_CREATED);
    onDone();
  });

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate>
      <Input
        label="Название статуса"
        placeholder="Например, Профи"
        limit={NAME_LIMIT}
        required
        data-autofocus
        error={errors.name?.message}
        {...register('name')}
      />
      <div className={styles.checkField}>
        <label className={formStyles.check}>
          <input type="checkbox" disabled={status?.is_default} {...register('is_default')} />
          По умолчанию
        </label>
        <span className={formStyles.note}>
          {status?.is_default
            ? 'Это статус по умолчанию. Чтобы снять отметку, сделайте по умолчанию другой статус.'
            : 'Статус по умолчанию получают новые менеджеры.'}
        </span>
        {errors.is_default?.message && (
          <span className={formStyles.error} role="alert">
            {errors.is_default.message}
          </span>
        )}
      </div>
      <ModalFormActions
        onCancel={onDone}
        submitText={editing ? 'Сохранить' : 'Добавить'}
        disabled={nameEmpty}
        loading={pending}
      />
    </form>
  );
};
