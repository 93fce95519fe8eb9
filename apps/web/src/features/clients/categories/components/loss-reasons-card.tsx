import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { LOSS_REASON_NAME_MAX, OTHER_LOSS_REASON, type LossReason } from '@crm/contract';
import { firstFieldErrors, isApiError } from '@/lib/api-error';
import { Button, IconButton } from '@/ui/button';
import { Card, CardHead, CardTitle } from '@/ui/card';
import { cx } from '@/ui/cx';
import { Icon } from '@/ui/icons';
import { Input } from '@/ui/input';
import { useConfirm } from '@/ui/modal';
import rows from '@/ui/rows.module.css';
import { Skeleton } from '@/ui/skeleton';
import { useDeleteLossReason } from '@/features/clients/categories/api/delete-loss-reason';
import { useLossReasons } from '@/features/clients/categories/api/get-loss-reasons';
import { useSaveLossReason } from '@/features/clients/categories/api/save-loss-reason';
import styles from './loss-reasons.module.css';

/** The server's message for the name, or null when it said something else (the toast says it). */
const nameError = (error: unknown) =>
  isApiError(error) && error.status === 422
    ? (firstFieldErrors(error.errors).find(([field]) => field === 'name')?.[1] ?? error.message)
    : null;

type NameFormProps = {
  label: string;
  initial: string;
  submitText: string;
  onSave: (name: string) => Promise<unknown>;
  onCancel?: () => void;
  className: string | undefined;
};

/** A reason's name: typed, checked by the server (unique, at most 100), its refusal under it. */
const NameForm = ({ label, initial, submitText, onSave, onCancel, className }: NameFormProps) => {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setError('Обязательное поле');
    setSaving(true);
    try {
      await onSave(name.trim());
      setName('');
      setError(undefined);
    } catch (caught) {
      const message = nameError(caught);
      if (message) setError(message);
      else toast.error('Не удалось сохранить причину. Попробуйте ещё раз.');
    } finally {
      setSaving(false);
    }
  };
  return (
    <form className={className} onSubmit={(e) => void submit(e)} noValidate>
      <Input
        label={label}
        value={name}
        limit={LOSS_REASON_NAME_MAX}
        error={error}
        autoFocus={onCancel !== undefined}
        onChange={(e) => {
          setName(e.target.value);
          setError(undefined);
        }}
      />
      <span className={styles.buttonSlot}>
        <Button type="submit" variant="secondary" loading={saving}>
          {submitText}
        </Button>
      </span>
      {onCancel && (
        <span className={styles.buttonSlot}>
          <Button type="button" variant="ghost" onClick={onCancel}>
            Отменить
          </Button>
        </span>
      )}
    </form>
  );
};

/**
 * Причины отказа (docs/product.md §4.6), on /client-category-setting: the list a move into
 * 'Отказ' offers, with 'Другое' and an own text always after it. Admins add, rename and delete;
 * a deleted reason stays named in the moves that used it.
 */
export const LossReasonsCard = ({ projectId }: { projectId: number }) => {
  const reasons = useLossReasons(projectId);
  const save = useSaveLossReason(projectId);
  const remove = useDeleteLossReason(projectId);
  const confirm = useConfirm();
  const [editing, setEditing] = useState<number | null>(null);

  const askDelete = (reason: LossReason) =>
    void confirm({
      message: `Удалить причину «${reason.name}»?`,
      hint: 'Отказы с этой причиной её сохранят: в истории клиентов и в статистике.',
      onAgree: async () => {
        await remove.mutateAsync(reason.id);
        toast.success('Причина удалена');
      },
    });

  return (
    <Card aria-labelledby="loss-reasons-title">
      <CardHead text="Их предлагают, когда клиента переводят в этап «Отказ». Вариант «Другое» со своим текстом есть всегда.">
        <CardTitle id="loss-reasons-title" count={reasons.data?.length}>
          Причины отказа
        </CardTitle>
      </CardHead>
      {reasons.data ? (
        <ul className={cx(rows.list, styles.list)} data-testid="loss-reasons-list">
          {reasons.data.map((reason) => (
            <li key={reason.id} className={styles.row}>
              {editing === reason.id ? (
                <NameForm
                  className={styles.edit}
                  label={`Новое название причины «${reason.name}»`}
                  initial={reason.name}
                  submitText="Сохранить"
                  onSave={async (name) => {
                    await save.mutateAsync({ id: reason.id, name });
                    setEditing(null);
                    toast.success('Причина сохранена');
                  }}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <>
                  <span className={cx(rows.name, rows.grow)}>{reason.name}</span>
                  <IconButton
                    label={`Переименовать причину «${reason.name}»`}
                    onClick={() => setEditing(reason.id)}
                  >
                    <Icon name="edit" size={18} />
                  </IconButton>
                  <IconButton
                    label={`Удалить причину «${reason.name}»`}
                    destructive
                    onClick={() => askDelete(reason)}
                  >
                    <Icon name="trash" size={18} />
                  </IconButton>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <Skeleton height={132} />
      )}
      <p className={styles.other}>
        Последним вариантом всегда идёт «{OTHER_LOSS_REASON}» — менеджер пишет причину сам.
      </p>
      <NameForm
        className={styles.add}
        label="Новая причина"
        initial=""
        submitText="Добавить"
        onSave={async (name) => {
          await save.mutateAsync({ id: null, name });
          toast.success('Причина добавлена');
        }}
      />
    </Card>
  );
};
