import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useController, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import {
  REMINDER_COMMENT_MAX,
  REMINDER_COMMENTS_MAX,
  REMINDER_TASK_MAX,
  REMINDER_TASKS_MAX,
  REMINDER_TITLE_MAX,
  TASK_DUPLICATE,
  todayInZone,
} from '@crm/contract';
import { isApiError } from '@/lib/api-error';
import { applyServerErrors, listErrors } from '@/lib/form-errors';
import { useSession } from '@/lib/session-context';
import { LoadError } from '@/ui/empty-state';
import formStyles from '@/ui/form.module.css';
import { Input } from '@/ui/input';
import { ItemListField } from '@/ui/item-list-field/item-list-field';
import inputStyles from '@/ui/input.module.css';
import { ModalFormActions } from '@/ui/modal';
import { RichTextEditor } from '@/ui/rich-text';
import { Skeleton } from '@/ui/skeleton';
import { Slot, type SlotContexts } from '@/lib/slots';
import { useCreateReminder } from '@/features/reminders/api/create-reminder';
import { useProjectTimeZone } from '@/lib/project-time-zone';
import { useReminderClient } from '@/features/reminders/api/get-reminder-client';
import {
  REMINDER_CREATE_RENAMED,
  reminderCreateBodyOf,
  reminderCreateFields,
  reminderCreateSchema,
} from './reminder-create-form';
import { DateTimeFields } from './reminder-date-time-fields';
import { reminderClientName } from './reminder-status';
import styles from './reminder-modals.module.css';

type ReminderCreateProps = {
  /** Fixed when opened from a client. */
  clientId?: number;
  /** The date field's first value ('YYYY-MM-DD'). */
  date?: string;
  onClose: () => void;
};

export const REMINDER_CREATED = 'Напоминание добавлено!';
const COMMENT_DUPLICATE = 'Такой комментарий уже есть';

/**
 * The 'create client reminder' modal: client, title, date and 24 h time in the project's zone,
 * 'Напомнить за' in minutes, the checklist and comments typed one by one, and a rich-text
 * description. Errors show under their fields; what was typed stays on any error.
 */
const ReminderCreate = ({ clientId, date, onClose }: ReminderCreateProps) => {
  const { projectId } = useSession();
  const zone = useProjectTimeZone();
  const create = useCreateReminder(projectId ?? 0);
  const fixedClient = useReminderClient(projectId, clientId);
  const schema = useMemo(() => reminderCreateSchema(zone), [zone]);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, submitCount },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      client: clientId ?? null,
      title: '',
      // A day already past (a calendar's earlier day) is not offered: the box starts empty.
      date: date !== undefined && date >= todayInZone(zone) ? date : '',
      time: '',
      remind_before: '',
      tasks: [],
      comments: [],
      description: '',
    },
    // Focused below, in the form's order: the client picker and the editor included.
    shouldFocusError: false,
  });
  // The moment's day and time are one rule with the notice before it: each re-checks the others.
  const dateField = useController({ control, name: 'date', rules: { deps: ['time', 'remind_before'] } });
  const timeField = useController({ control, name: 'time', rules: { deps: ['date', 'remind_before'] } });
  const remindBefore = register('remind_before');
  const [picked, setPicked] = useState<SlotContexts['client-picker']['value']>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const descriptionLabel = useId();

  // After a send attempt the first field that stopped it takes the focus.
  useEffect(() => {
    if (submitCount > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync({ clientId: values.client, body: reminderCreateBodyOf(values, zone) });
    } catch (error) {
      applyServerErrors(error, setError, reminderCreateFields(values), REMINDER_CREATE_RENAMED);
      if (isApiError(error) && error.status === 404 && clientId === undefined) {
        // The chosen client went away (deleted or handed over): choose again.
        setPicked(null);
        setValue('client', null);
      }
      return;
    }
    toast.success(REMINDER_CREATED);
    onClose();
  });

  let clientField;
  if (clientId !== undefined) {
    clientField = (
      <div className={inputStyles.field}>
        <span className={inputStyles.label}>Клиент</span>
        {fixedClient.isPending ? (
          <Skeleton height={20} width="50%" />
        ) : fixedClient.isError ? (
          <LoadError plain text="Не удалось загрузить клиента." onRetry={() => void fixedClient.refetch()} />
        ) : (
          <span className={styles.fixedClient} data-testid="reminder-client">
            {reminderClientName(fixedClient.data)}
          </span>
        )}
      </div>
    );
  } else {
    clientField = (
      <Controller
        control={control}
        name="client"
        render={({ field, fieldState }) => (
          <Slot
            id="client-picker"
            value={picked}
            onChange={(client) => {
              setPicked(client);
              field.onChange(client?.id ?? null);
            }}
            error={fieldState.error?.message}
            autoFocus
          />
        )}
      />
    );
  }

  return (
    <form
      ref={formRef}
      className={formStyles.form}
      onSubmit={onSubmit}
      noValidate
      data-testid="reminder-create"
    >
      {clientField}
      <Input
        label="Название"
        required
        limit={REMINDER_TITLE_MAX}
        error={errors.title?.message}
        placeholder="Например: позвонить и уточнить решение"
        autoFocus={clientId !== undefined}
        data-testid="reminder-title"
        {...register('title')}
      />
      <div className={styles.whenRow}>
        <DateTimeFields
          zone={zone}
          date={dateField.field.value}
          time={timeField.field.value}
          onDateChange={dateField.field.onChange}
          onTimeChange={timeField.field.onChange}
          dateError={dateField.fieldState.error?.message}
          timeError={timeField.fieldState.error?.message}
        />
        <Input
          label="Напомнить за, минут"
          inputMode="numeric"
          autoComplete="off"
          placeholder="Например, 30"
          digitsMaxLength={6}
          error={errors.remind_before?.message}
          data-testid="reminder-remind-before"
          {...remindBefore}
          onChange={(event) => {
            event.target.value = event.target.value.replace(/\D/g, '');
            return remindBefore.onChange(event);
          }}
        />
      </div>
      <Controller
        control={control}
        name="tasks"
        render={({ field, fieldState }) => (
          <ItemListField
            label="Чек-лист"
            itemName="Пункт"
            placeholder="Новый пункт чек-листа"
            items={field.value ?? []}
            onChange={field.onChange}
            limit={REMINDER_TASK_MAX}
            max={REMINDER_TASKS_MAX}
            duplicateMessage={TASK_DUPLICATE}
            errors={listErrors(fieldState.error)}
            testId="reminder-tasks"
          />
        )}
      />
      <Controller
        control={control}
        name="comments"
        render={({ field, fieldState }) => (
          <ItemListField
            label="Комментарии"
            itemName="Комментарий"
            placeholder="Новый комментарий"
            items={field.value ?? []}
            onChange={field.onChange}
            limit={REMINDER_COMMENT_MAX}
            max={REMINDER_COMMENTS_MAX}
            duplicateMessage={COMMENT_DUPLICATE}
            errors={listErrors(fieldState.error)}
            testId="reminder-comments"
            ordered
          />
        )}
      />
      <Controller
        control={control}
        name="description"
        render={({ field, fieldState }) => (
          <div className={inputStyles.field}>
            <span id={descriptionLabel} className={inputStyles.label}>
              Описание
            </span>
            <RichTextEditor
              value={field.value ?? ''}
              onChange={field.onChange}
              aria-labelledby={descriptionLabel}
              placeholder="Подсказка: что важно помнить"
              invalid={fieldState.error !== undefined}
            />
            {fieldState.error && (
              <span className={inputStyles.error} role="alert">
                {fieldState.error.message}
              </span>
            )}
          </div>
        )}
      />
      <ModalFormActions onCancel={onClose} submitText="Добавить" loading={create.isPending} />
    </form>
  );
};

export default ReminderCreate;
