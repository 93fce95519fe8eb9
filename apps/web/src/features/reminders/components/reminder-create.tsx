import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
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
  checkCreate,
  serverCreateErrors,
  type CreateErrors,
  type CreateValues,
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
  const [values, setValues] = useState<CreateValues>({
    clientId: clientId ?? null,
    title: '',
    // A day already past (a calendar's earlier day) is not offered: the box starts empty.
    date: date !== undefined && date >= todayInZone(zone) ? date : '',
    time: '',
    remindBefore: '',
    tasks: [],
    comments: [],
    description: '',
  });
  const [picked, setPicked] = useState<SlotContexts['client-picker']['value']>(null);
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<CreateErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const descriptionLabel = useId();

  const local = checkCreate(values, zone);
  // Required and format messages once the user has tried to send; the server's until he edits.
  const errors: CreateErrors = { ...(tried ? local.errors : {}), ...server };

  const set = <K extends keyof CreateValues>(key: K, value: CreateValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServer((s) => {
      const field = key === 'clientId' ? 'client' : key;
      const next = { ...s, [field]: undefined };
      if (key === 'date') next.time = undefined;
      if (key === 'tasks') next.taskItems = undefined;
      if (key === 'comments') next.commentItems = undefined;
      return next;
    });
  };

  // After a send attempt the first field that stopped it takes the focus.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setServer({});
    const checked = checkCreate(values, zone);
    if (!checked.body || values.clientId === null) {
      setAttempt((n) => n + 1);
      return;
    }
    try {
      await create.mutateAsync({ clientId: values.clientId, body: checked.body });
      toast.success(REMINDER_CREATED);
      onClose();
    } catch (error) {
      const fields = serverCreateErrors(error);
      if (fields) {
        setServer(fields);
        setAttempt((n) => n + 1);
      } else if (isApiError(error) && error.status === 404 && clientId === undefined) {
        // The chosen client went away (deleted or handed over): choose again.
        setPicked(null);
        setValues((v) => ({ ...v, clientId: null }));
      }
    }
  };

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
      <Slot
        id="client-picker"
        value={picked}
        onChange={(client) => {
          setPicked(client);
          set('clientId', client?.id ?? null);
        }}
        error={errors.client}
        autoFocus
      />
    );
  }

  return (
    <form
      ref={formRef}
      className={formStyles.form}
      onSubmit={submit}
      noValidate
      data-testid="reminder-create"
    >
      {clientField}
      <Input
        label="Название"
        required
        value={values.title}
        limit={REMINDER_TITLE_MAX}
        onChange={(event) => set('title', event.target.value)}
        error={errors.title}
        placeholder="Например: позвонить и уточнить решение"
        autoFocus={clientId !== undefined}
        data-testid="reminder-title"
      />
      <div className={styles.whenRow}>
        <DateTimeFields
          zone={zone}
          date={values.date}
          time={values.time}
          onDateChange={(value) => set('date', value)}
          onTimeChange={(value) => set('time', value)}
          dateError={errors.date}
          timeError={errors.time}
        />
        <Input
          label="Напомнить за, минут"
          inputMode="numeric"
          autoComplete="off"
          placeholder="Например, 30"
          value={values.remindBefore}
          digitsMaxLength={6}
          onChange={(event) => set('remindBefore', event.target.value.replace(/\D/g, ''))}
          error={errors.remindBefore}
          data-testid="reminder-remind-before"
        />
      </div>
      <ItemListField
        label="Чек-лист"
        itemName="Пункт"
        placeholder="Новый пункт чек-листа"
        items={values.tasks}
        onChange={(tasks) => set('tasks', tasks)}
        limit={REMINDER_TASK_MAX}
        max={REMINDER_TASKS_MAX}
        duplicateMessage={TASK_DUPLICATE}
        errors={{ list: errors.tasks, items: errors.taskItems }}
        testId="reminder-tasks"
      />
      <ItemListField
        label="Комментарии"
        itemName="Комментарий"
        placeholder="Новый комментарий"
        items={values.comments}
        onChange={(comments) => set('comments', comments)}
        limit={REMINDER_COMMENT_MAX}
        max={REMINDER_COMMENTS_MAX}
        duplicateMessage={COMMENT_DUPLICATE}
        errors={{ list: errors.comments, items: errors.commentItems }}
        testId="reminder-comments"
        ordered
      />
      <div className={inputStyles.field}>
        <span id={descriptionLabel} className={inputStyles.label}>
          Описание
        </span>
        <RichTextEditor
          value={values.description}
          onChange={(value) => set('description', value)}
          aria-labelledby={descriptionLabel}
          placeholder="Подсказка: что важно помнить"
          invalid={Boolean(errors.description)}
        />
        {errors.description && (
          <span className={inputStyles.error} role="alert">
            {errors.description}
          </span>
        )}
      </div>
      <ModalFormActions onCancel={onClose} submitText="Добавить" loading={create.isPending} />
    </form>
  );
};

export default ReminderCreate;
