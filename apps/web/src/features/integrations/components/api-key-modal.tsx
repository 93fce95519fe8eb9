import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import {
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  apiKeyCreateBody,
  clientsEndpoints,
  pathOf,
  type ApiKeyCreated,
} from '@crm/contract';
import { applyServerErrors } from '@/lib/form-errors';
import { Button } from '@/ui/button';
import formStyles from '@/ui/form.module.css';
import { Input } from '@/ui/input';
import { ModalFormActions } from '@/ui/modal';
import { Select } from '@/ui/select';
import { useCreateApiKey } from '@/features/integrations/api/api-keys';
import { SecretField } from './secret-field';
import styles from './integrations.module.css';

export const API_KEY_CREATED = 'Ключ создан';
const NAME_LIMIT = apiKeyCreateBody.shape.name.maxLength ?? undefined;

type ApiKeyModalProps = { projectId: number; onDone: () => void };

/** 'Новый API-ключ': its name, rights and last day; then the key itself, shown this once. */
export const ApiKeyModal = ({ projectId, onDone }: ApiKeyModalProps) => {
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  if (created) return <CreatedKey projectId={projectId} created={created} onDone={onDone} />;
  return <ApiKeyForm projectId={projectId} onCreated={setCreated} onCancel={onDone} />;
};

const ApiKeyForm = ({
  projectId,
  onCreated,
  onCancel,
}: {
  projectId: number;
  onCreated: (key: ApiKeyCreated) => void;
  onCancel: () => void;
}) => {
  const createMutation = useCreateApiKey(projectId);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(apiKeyCreateBody),
    defaultValues: { name: '', scope: 'read' as const, expires_on: null },
  });
  const nameEmpty = watch('name').trim() === '';

  const onSubmit = handleSubmit(async (values) => {
    try {
      onCreated(await createMutation.mutateAsync(values));
    } catch (error) {
      applyServerErrors(error, setError, ['name', 'scope', 'expires_on']);
      return;
    }
    toast.success(API_KEY_CREATED);
  });

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate>
      <Input
        label="Название"
        placeholder="Например, Сайт или 1С"
        hint="По нему ключ узнают в списке и в истории действий."
        limit={NAME_LIMIT}
        required
        data-autofocus
        error={errors.name?.message}
        {...register('name')}
      />
      <Select label="Права" required error={errors.scope?.message} {...register('scope')}>
        {API_KEY_SCOPES.map((scope) => (
          <option key={scope} value={scope}>
            {API_KEY_SCOPE_LABELS[scope]}
          </option>
        ))}
      </Select>
      <Input
        type="date"
        label="Действует по"
        hint="Последний день работы ключа. Пусто — бессрочный, пока его не отзовут."
        error={errors.expires_on?.message}
        {...register('expires_on', { setValueAs: (value: string | null) => (value ? value : null) })}
      />
      <ModalFormActions onCancel={onCancel} submitText="Создать" disabled={nameEmpty} loading={createMutation.isPending} />
    </form>
  );
};

/** The key and a ready request with it: copied now, never shown again. */
const CreatedKey = ({ projectId, created, onDone }: { projectId: number; created: ApiKeyCreated; onDone: () => void }) => {
  const listUrl = `${window.location.origin}/api/v1${pathOf(clientsEndpoints.list, { projectId })}`;
  return (
    <div className={formStyles.form}>
      <p>
        Скопируйте ключ сейчас: он показывается один раз. Потерянный ключ не восстановить — отзовите его и
        создайте новый.
      </p>
      <SecretField label={`Ключ «${created.name}»`} value={created.key} />
      <p className={formStyles.note}>
        Передавайте его в заголовке Authorization. Например, список клиентов
        {created.scope === 'read' ? ' (ключ только для чтения)' : ''}:
      </p>
      <pre className={styles.code} data-testid="api-key-example">
        {`curl -H "Authorization: Bearer ${created.key}" \\\n  ${listUrl}`}
      </pre>
      <div className={styles.doneActions}>
        <Button onClick={onDone}>Готово</Button>
      </div>
    </div>
  );
};
