import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { aiGroupBody, type AiGroup } from '@crm/contract';
import { applyServerErrors } from '@/lib/form-errors';
import formStyles from '@/ui/form.module.css';
import { Input } from '@/ui/input';
import { ModalFormActions } from '@/ui/modal';
import { useCreateAiGroup } from '@/features/ai/api/create-ai-group';
import { useUpdateAiGroup } from '@/features/ai/api/update-ai-group';

export const GROUP_CREATED = 'Группа создана!';
export const GROUP_UPDATED = 'Группа обновлена!';
/** The length the schema allows, shown by the field's counter. */
const GROUP_NAME_MAX = aiGroupBody.shape.name.maxLength ?? undefined;

type GroupModalProps = { projectId: number; group?: AiGroup; onDone: () => void };

/** The question group modal (docs/product.md §2.4, §4.14): its name; 'Добавить' is disabled without one. */
export const GroupModal = ({ projectId, group, onDone }: GroupModalProps) => {
  const create = useCreateAiGroup(projectId);
  const update = useUpdateAiGroup(projectId);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm({ resolver: zodResolver(aiGroupBody), defaultValues: { name: group?.name ?? '' } });
  const blank = watch('name').trim() === '';

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (group) await update.mutateAsync({ id: group.id, body: values });
      else await create.mutateAsync(values);
    } catch (error) {
      applyServerErrors(error, setError, ['name']);
      return;
    }
    toast.success(group ? GROUP_UPDATED : GROUP_CREATED);
    onDone();
  });

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate>
      <Input
        label="Название группы"
        placeholder="Например, Продажи"
        required
        limit={GROUP_NAME_MAX}
        data-autofocus
        error={errors.name?.message}
        {...register('name')}
      />
      <ModalFormActions
        onCancel={onDone}
        submitText={group ? 'Сохранить' : 'Добавить'}
        disabled={blank}
        loading={create.isPending || update.isPending}
      />
    </form>
  );
};
