import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, webhookBody, type Webhook, type WebhookCreated } from '@crm/contract';
import { applyServerErrors } from '@/lib/form-errors';
import { Button } from '@/ui/button';
import formStyles from '@/ui/form.module.css';
import { Input } from '@/ui/input';
import { ModalFormActions } from '@/ui/modal';
import { useCreateWebhook, useUpdateWebhook } from '@/features/integrations/api/webhooks';
import { SecretField } from './secret-field';
import styles from './integrations.module.css';

export const WEBHOOK_CREATED = 'Вебхук добавлен';
export const WEBHOOK_SAVED = 'Вебхук сохранён';
const URL_LIMIT = 2000;

type WebhookModalProps = { projectId: number; webhook?: Webhook; onDone: () => void };

/** 'Новый вебхук' / 'Вебхук': the address, the events, on or off; a new one's secret once. */
export const WebhookModal = ({ projectId, webhook, onDone }: WebhookModalProps) => {
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  if (created) {
    return (
      <div className={formStyles.form}>
        <p>
          Скопируйте секрет сейчас: он показывается один раз. По нему получатель проверяет подпись каждого запроса
          (схема Standard Webhooks: заголовки webhook-id, webhook-timestamp и webhook-signature).
        </p>
        <SecretField label="Секрет подписи" value={created.secret} />
        <div className={styles.doneActions}>
          <Button onClick={onDone}>Готово</Button>
        </div>
      </div>
    );
  }
  return <WebhookForm projectId={projectId} webhook={webhook} onCreated={setCreated} onDone={onDone} />;
};

const WebhookForm = ({
  projectId,
  webhook,
  onCreated,
  onDone,
}: WebhookModalProps & { onCreated: (created: WebhookCreated) => void }) => {
  const createMutation = useCreateWebhook(projectId);
  const updateMutation = useUpdateWebhook(projectId);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(webhookBody),
    defaultValues: { url: webhook?.url ?? 'https://', events: webhook?.events ?? [], enabled: webhook?.enabled ?? true },
  });
  const url = watch('url').trim();
  const events = watch('events');

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (webhook) {
        await updateMutation.mutateAsync({ webhookId: webhook.id, body: values });
        toast.success(WEBHOOK_SAVED);
        onDone();
      } else {
        onCreated(await createMutation.mutateAsync(values));
        toast.success(WEBHOOK_CREATED);
      }
    } catch (error) {
      applyServerErrors(error, setError, ['url', 'events', 'enabled']);
    }
  });

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate>
      <Input
        label="Адрес"
        type="url"
        inputMode="url"
        required
        limit={URL_LIMIT}
        hint="Сюда придёт POST с JSON. Только https и адрес, доступный из интернета."
        data-autofocus
        error={errors.url?.message}
        {...register('url')}
      />
      <fieldset className={styles.events} aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
        <legend className={styles.legend}>
          События <span aria-hidden="true">*</span>
        </legend>
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className={formStyles.check}>
            <input type="checkbox" value={event} {...register('events')} />
            {WEBHOOK_EVENT_LABELS[event]}
          </label>
        ))}
        {errors.events?.message && (
          <span id="webhook-events-error" className={formStyles.error} role="alert">
            {errors.events.message}
          </span>
        )}
      </fieldset>
      {webhook && (
        <label className={formStyles.check}>
          <input type="checkbox" {...register('enabled')} />
          Включён
        </label>
      )}
      <ModalFormActions
        onCancel={onDone}
        submitText={webhook ? 'Сохранить' : 'Добавить'}
        disabled={url === '' || url === 'https://' || events.length === 0}
        loading={createMutation.isPending || updateMutation.isPending}
      />
    </form>
  );
};
