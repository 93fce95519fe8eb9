import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { REMIND_BEFORE_CHOICES, type ClientReminder, type ReminderStatus } from '@crm/contract';
import { Slot } from '@/lib/slots';
import { isApiError } from '@/lib/api-error';
import { notifyError } from '@/lib/query-client';
import { useSession } from '@/lib/session-context';
import { useSessionModals } from '@/lib/session-modals';
import { Button } from '@/ui/button';
import { cx } from '@/ui/cx';
import { Dropdown, dropdownItemClass } from '@/ui/dropdown';
import { EmptyState, LoadError } from '@/ui/empty-state';
import formStyles from '@/ui/form.module.css';
import { Icon } from '@/ui/icons';
import { useConfirm } from '@/ui/modal';
import { RichTextView } from '@/ui/rich-text';
import { useCancelReminder } from '@/features/reminders/api/cancel-reminder';
import { useCompleteReminder } from '@/features/reminders/api/complete-reminder';
import { useProjectTimeZone } from '@/lib/project-time-zone';
import { useReminder } from '@/features/reminders/api/get-reminder';
import { REMINDER_ERRORS } from '@/features/reminders/api/reminder-errors';
import { useSetRemindBefore } from '@/features/reminders/api/set-remind-before';
import { articlePath, useArticleReader } from '@/features/knowledge';
import { useUpdateReminderTasks } from '@/features/reminders/api/update-reminder-tasks';
import { ClampedText } from './clamped-text';
import { ReminderModalSkeleton } from './reminder-modal-skeleton';
import { ReminderReschedule } from './reminder-reschedule';
import { ReminderStatusBadge, reminderClientName, reminderStatusLook } from './reminder-status';
import { formatDue, formatMinutes } from '@/lib/zoned-time';
import styles from './reminder-modals.module.css';

type ReminderDetailsProps = { reminderId: number; onClose: () => void };

/** What each status allows (docs/product.md §4.9). */
export const reminderAllows = (status: ReminderStatus | string) => ({
  reschedule: status === 'pending' || status === 'expired',
  cancel: status === 'pending',
  complete: status === 'pending',
  remindBefore: status === 'pending',
  /** Ticking the checklist: not on a completed, canceled or skipped reminder. */
  tick: status === 'pending' || status === 'expired',
});

/**
 * The 'client reminder details' modal: title, status, due time; 'Перенести задачу', 'Отменить
 * задачу', 'Установить напоминание', 'Выполнить задачу'; the checklist with 'Выполнить задачи';
 * the hints (comments, description, articles) and 'Подробнее о клиенте'.
 */
const ReminderDetails = ({ reminderId, onClose }: ReminderDetailsProps) => {
  const { projectId } = useSession();
  const query = useReminder(projectId, reminderId);
  const notFound = isApiError(query.error) && query.error.status === 404;
  // A failure other than 'not found' also gets the action's toast (docs/product.md §5.5); not found is said in place.
  useEffect(() => {
    if (query.error && !notFound) notifyError(query.error, REMINDER_ERRORS.get);
  }, [query.error, notFound]);

  if (query.isError) {
    return notFound ? (
      <div data-testid="reminder-not-found">
        <EmptyState
          plain
          icon="calendar"
          text="Напоминание не найдено: его удалили, или оно принадлежит другому менеджеру."
          action={
            <Button variant="secondary" onClick={onClose}>
              Закрыть
            </Button>
          }
        />
      </div>
    ) : (
      <LoadError plain text="Не удалось загрузить напоминание." onRetry={() => void query.refetch()} />
    );
  }
  if (query.isPending) return <ReminderModalSkeleton />;
  return <DetailsView reminder={query.data} />;
};

const DetailsView = ({ reminder }: { reminder: ClientReminder }) => {
  const { projectId } = useSession();
  const reader = useArticleReader(projectId, false);
  const zone = useProjectTimeZone();
  const modals = useSessionModals();
  const confirm = useConfirm();
  const complete = useCompleteReminder(projectId ?? 0);
  const cancel = useCancelReminder(projectId ?? 0);
  const allows = reminderAllows(reminder.status);
  const look = reminderStatusLook(reminder.status);

  const openReschedule = () =>
    modals.open(({ close }) => <ReminderReschedule reminder={reminder} zone={zone} onClose={close} />, {
      title: 'Перенести напоминание',
      width: 480,
    });

  const openClient = () =>
    modals.open(
      () => <Slot id="client-info" clientId={reminder.client.id} fallback={<ReminderModalSkeleton />} />,
      {
        kind: 'side',
        title: 'Подробнее о клиенте',
      },
    );

  const askComplete = () =>
    void confirm({
      message: `Выполнить задачу ${reminder.title}?`,
      hint: reminder.tasks.some((t) => t.status !== 'completed')
        ? 'Не все задачи из чек-листа выполнены.'
        : undefined,
      agreeText: 'Выполнить задачу',
      agreeVariant: 'primary',
      onAgree: () => complete.mutateAsync(reminder.id),
    });

  const askCancel = () =>
    void confirm({
      message: 'Вы уверены что хотите отменить задачу?',
      agreeText: 'Да, отменить',
      cancelText: 'Нет, вернуться',
      onAgree: () => cancel.mutateAsync(reminder.id),
    });

  const hasActions = allows.reschedule || allows.remindBefore || allows.cancel || allows.complete;
  const hasHints =
    reminder.comments.length > 0 || reminder.description !== '' || reminder.knowledge_base_posts.length > 0;

  return (
    <div className={styles.details} data-testid="reminder-details" data-status={reminder.status}>
      <header className={styles.detailsHead}>
        <h2
          className={cx(styles.detailsTitle, look.struck && styles.struck)}
          data-testid="reminder-details-title"
        >
          {reminder.title}
        </h2>
        <div className={styles.detailsMeta}>
          <ReminderStatusBadge status={reminder.status} />
          <span className={styles.metaItem}>
            <Icon name="calendar" size={16} />
            <span className="visually-hidden">Срок: </span>
            <span data-testid="reminder-due">{formatDue(reminder.completion_date, zone)}</span>
          </span>
          {reminder.rescheduled && <span className={styles.metaItem}>Перенесено</span>}
          {!allows.remindBefore && reminder.remind_before !== '' && (
            <span className={styles.metaItem}>
              <Icon name="bell" size={16} />
              {reminder.remind_before === '0'
                ? 'Напоминание в срок'
                : `Напоминание за ${formatMinutes(Number(reminder.remind_before))}`}
            </span>
          )}
        </div>
        <div className={styles.clientLine}>
          <span className={styles.metaItem}>
            <Icon name="clients" size={16} />
            <span className="visually-hidden">Клиент: </span>
            {reminderClientName(reminder.client)}
          </span>
          <button type="button" className={formStyles.linkButton} onClick={openClient}>
            Подробнее о клиенте
          </button>
        </div>
      </header>

      {hasActions && (
        <div className={styles.toolbar}>
          {allows.reschedule && (
            <Button variant="secondary" onClick={openReschedule}>
              Перенести задачу
            </Button>
          )}
          {allows.remindBefore && <RemindBeforeChoice reminder={reminder} />}
          <span className={styles.toolbarEnd}>
            {allows.cancel && (
              <Button variant="secondary" onClick={askCancel} loading={cancel.isPending}>
                Отменить задачу
              </Button>
            )}
            {allows.complete && (
              <Button onClick={askComplete} loading={complete.isPending}>
                Выполнить задачу
              </Button>
            )}
          </span>
        </div>
      )}

      <Checklist reminder={reminder} />

      <section className={styles.section} aria-labelledby={`reminder-hints-${reminder.id}`}>
        <h3 id={`reminder-hints-${reminder.id}`} className={styles.sectionTitle}>
          Подсказки
        </h3>
        {!hasHints && <p className={styles.muted}>Подсказок нет.</p>}
        {reminder.comments.length > 0 && (
          <div className={styles.hintBlock}>
            <h4 className={styles.hintTitle}>Комментарии</h4>
            <ul className={styles.comments} data-testid="reminder-comments-view">
              {reminder.comments.map((comment, index) => (
                <li key={index}>
                  <ClampedText className={styles.comment}>{comment}</ClampedText>
                </li>
              ))}
            </ul>
          </div>
        )}
        {reminder.description !== '' && (
          <div className={styles.hintBlock}>
            <h4 className={styles.hintTitle}>Описание</h4>
            <ClampedText>
              <RichTextView value={reminder.description} />
            </ClampedText>
          </div>
        )}
        {reminder.knowledge_base_posts.length > 0 && (
          <div className={styles.hintBlock}>
            <h4 className={styles.hintTitle}>Статьи</h4>
            <ul className={styles.posts}>
              {reminder.knowledge_base_posts.map((post) => (
                <li key={post.id}>
                  <Icon name="knowledge" size={16} />
                  <Link
                    to={articlePath(post.id)}
                    className={formStyles.link}
                    onClick={(event) => {
                      // A plain click reads it here, over the reminder ('Назад' comes back); a
                      // new tab or window opens the article's own address.
                      if (
                        event.button !== 0 ||
                        event.ctrlKey ||
                        event.metaKey ||
                        event.shiftKey ||
                        event.altKey
                      )
                        return;
                      event.preventDefault();
                      void reader.openById(post.id);
                    }}
                  >
                    {post.title}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
    </div>
  );
};

/**
 * 'Установить напоминание': 15 минут, 30 минут, 1 час before the due time (minutes, PUT
 * …/remind-before); the current value on the button; a choice already past is offered disabled.
 */
const RemindBeforeChoice = ({ reminder }: { reminder: ClientReminder }) => {
  const { projectId } = useSession();
  const setRemindBefore = useSetRemindBefore(projectId ?? 0);
  const current = reminder.remind_before === '' ? null : Number(reminder.remind_before);
  const due = Date.parse(reminder.completion_date);
  const now = Date.now();
  const label =
    current === null ? 'Установить напоминание' : current === 0 ? 'В срок' : `За ${formatMinutes(current)}`;

  return (
    <Dropdown
      triggerClassName={styles.remindTrigger}
      triggerLabel={`Установить напоминание${current === null ? '' : `, сейчас за ${formatMinutes(current)}`}`}
      trigger={
        <>
          <Icon name="bell" size={18} />
          <span data-testid="remind-before-value">{setRemindBefore.isPending ? 'Сохраняем…' : label}</span>
          <Icon name="chevronDown" size={16} />
        </>
      }
    >
      {(close) => (
        <div role="group" aria-label="Напомнить за">
          {REMIND_BEFORE_CHOICES.map((choice) => {
            const passed = due - choice.minutes * 60_000 <= now;
            const selected = current === choice.minutes;
            return (
              <button
                key={choice.minutes}
                type="button"
                className={cx(dropdownItemClass, selected && styles.choiceSelected)}
                aria-pressed={selected}
                disabled={passed || setRemindBefore.isPending}
                title={passed ? 'Это время уже прошло' : undefined}
                onClick={() => {
                  close();
                  if (!selected) setRemindBefore.mutate({ reminderId: reminder.id, minutes: choice.minutes });
                }}
              >
                <span>{choice.label}</span>
                {passed && <span className={styles.choiceNote}>уже прошло</span>}
                {selected && <Icon name="check" size={16} className={styles.choiceCheck} />}
              </button>
            );
          })}
          {current !== null && (
            <button
              type="button"
              className={dropdownItemClass}
              disabled={setRemindBefore.isPending}
              onClick={() => {
                close();
                setRemindBefore.mutate({ reminderId: reminder.id, minutes: null });
              }}
            >
              Не напоминать
            </button>
          )}
        </div>
      )}
    </Dropdown>
  );
};

/**
 * The checklist: ticks are local until 'Выполнить задачи' sends them; completed tasks stay ticked
 * and locked; nothing can be ticked once the reminder is completed, canceled or skipped.
 */
const Checklist = ({ reminder }: { reminder: ClientReminder }) => {
  const { projectId } = useSession();
  const update = useUpdateReminderTasks(projectId ?? 0);
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const [forVersion, setForVersion] = useState(reminder.updated_at);
  // A new answer (after any action) starts the ticks afresh from the server's checklist.
  if (forVersion !== reminder.updated_at) {
    setForVersion(reminder.updated_at);
    setTicked(new Set());
  }
  const canTick = reminderAllows(reminder.status).tick;
  const open = reminder.tasks.filter((t) => t.status !== 'completed');
  const done = reminder.tasks.length - open.length;
  const showSend = canTick && !reminder.all_tasks_completed && open.length > 0;
  const titleId = `reminder-checklist-${reminder.id}`;

  if (reminder.tasks.length === 0) {
    return (
      <section className={styles.section} aria-labelledby={titleId}>
        <h3 id={titleId} className={styles.sectionTitle}>
          Чек-лист
        </h3>
        <p className={styles.muted}>В этом напоминании нет чек-листа.</p>
      </section>
    );
  }

  const toggle = (taskId: number) =>
    setTicked((prev) => {
      const next = new Set(prev);
      if (next.has(taskId)) next.delete(taskId);
      else next.add(taskId);
      return next;
    });

  return (
    <section className={styles.section} aria-labelledby={titleId} data-testid="reminder-checklist">
      <h3 id={titleId} className={styles.sectionTitle}>
        Чек-лист
        <span className={styles.count}>
          {done}/{reminder.tasks.length}
        </span>
      </h3>
      {!canTick && <p className={styles.muted}>Чек-лист этого напоминания уже нельзя изменить.</p>}
      <ul className={styles.tasks}>
        {reminder.tasks.map((task) => {
          const completed = task.status === 'completed';
          return (
            <li key={task.id}>
              <label className={cx(formStyles.check, styles.task, completed && styles.taskDone)}>
                <input
                  type="checkbox"
                  checked={completed || ticked.has(task.id)}
                  disabled={completed || !canTick || update.isPending}
                  onChange={() => toggle(task.id)}
                  data-task-id={task.id}
                />
                <span className={styles.taskText}>{task.title}</span>
                {completed && <span className="visually-hidden"> (выполнено)</span>}
              </label>
            </li>
          );
        })}
      </ul>
      {showSend && (
        <div className={styles.checklistActions}>
          <Button
            variant="secondary"
            disabled={ticked.size === 0}
            loading={update.isPending}
            onClick={() => update.mutate({ reminderId: reminder.id, taskIds: [...ticked] })}
          >
            Выполнить задачи
          </Button>
          {ticked.size === 0 && <span className={styles.muted}>Отметьте выполненные пункты</span>}
        </div>
      )}
    </section>
  );
};

export default ReminderDetails;
