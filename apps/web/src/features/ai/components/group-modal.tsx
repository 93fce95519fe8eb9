import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { AiGroup } from '@crm/contract';
import formStyles from '@/ui/form.module.css';
import { Input } from '@/ui/input';
import { ModalFormActions } from '@/ui/modal';
import { useCreateAiGroup } from '@/features/ai/api/create-ai-group';
import { useUpdateAiGroup } from '@/features/ai/api/update-ai-group';
import { fieldErrorsOf } from './field-errors';

export const GROUP_CREATED = 'Группа создана!';
export const GROUP_UPDATED = 'Группа обновлена!';
const GROUP_NAME_MAX = 255;

type GroupModalProps = { projectId: number; group?: AiGroup; onDone: () => void };

/** The question group modal (docs/product.md §2.4, §4.14): its name; 'Добавить' is disabled without one. */
export const GroupModal = ({ projectId, group, onDone }: GroupModalProps) => {
  const [name, setName] = useState(group?.name ?? '');
  const [error, setError] = useState<string>();
  const create = useCreateAiGroup(projectId);
  const update = useUpdateAiGroup(projectId);
  const blank = name.trim() === '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (blank) return;
    setError(undefined);
    try {
      if (group) {
        await update.mutateAsync({ id: group.id, body: { name: name.trim() } });
        toast.success(GROUP_UPDATED);
      } else {
        await create.mutateAsync({ name: name.trim() });
        toast.success(GROUP_CREATED);
      }
      onDone();
    } catch (failure) {
      setError(fieldErrorsOf(failure, ['name'] as const).name);
    }
  };

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <Input
        label="Название группы"
        placeholder="Например, Продажи"
        required
        limit={GROUP_NAME_MAX}
        data-autofocus
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
        error={error}
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
