import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { callOutcomeLabels, type TimelineDetails, type TimelineEntry } from '@crm/contract';
import { formatNumber } from '@/lib/numbers';
import { paths } from '@/lib/paths';
import { Slot } from '@/lib/slots';
import { formatDue } from '@/lib/zoned-time';
import { Icon, type IconName } from '@/ui/icons';
import styles from './client-page.module.css';

type Stage = { name: string; color: string | null };

const StageChip = ({ stage }: { stage: Stage }) => (
  <span className={styles.stageChip}>
    <span
      className={styles.stageDot}
      style={{ background: stage.color ? `#${stage.color}` : 'var(--color-border)' }}
      aria-hidden="true"
    />
    {stage.name}
  </span>
);

const REMINDER_EVENTS = {
  created: 'Создано напоминание',
  rescheduled: 'Напоминание перенесено',
  remind_before_set: 'Изменено время уведомления',
  tasks_completed: 'Выполнены пункты чек-листа',
  completed: 'Напоминание выполнено',
  canceled: 'Напоминание отменено',
  expired: 'Напоминание просрочено',
  skipped: 'Напоминание пропущено',
} as const;

/** '5 мин 30 с', '45 с'. */
export const callDuration = (seconds: number) => {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return `${rest} с`;
  return rest === 0 ? `${minutes} мин` : `${minutes} мин ${rest} с`;
};

/** What an entry says: its icon, its title and what it shows under it. */
function view(
  details: TimelineDetails,
  entry: TimelineEntry,
  zone: string,
): { icon: IconName; title: string; body?: ReactNode } {
  switch (details.type) {
    case 'created':
      return {
        icon: 'plus',
        title: 'Клиент добавлен',
        body: details.stage ? <StageChip stage={details.stage} /> : undefined,
      };
    case 'note':
      return { icon: 'edit', title: 'Заметка', body: <p className={styles.text}>{details.text}</p> };
    case 'reminder':
      return {
        icon: 'bell',
        title: REMINDER_EVENTS[details.event],
        body: (
          <p className={styles.line}>
            <Slot id="reminder-link" reminderId={details.reminder_id}>
              {details.title ?? `Напоминание #${details.reminder_id}`}
            </Slot>
            {details.event === 'rescheduled' &&
            details.previous_completion_date &&
            details.completion_date ? (
              <span className={styles.muted}>
                {' '}
                {formatDue(details.previous_completion_date, zone)} →{' '}
                {formatDue(details.completion_date, zone)}
              </span>
            ) : details.completion_date ? (
              <span className={styles.muted}> · срок {formatDue(details.completion_date, zone)}</span>
            ) : null}
            {details.by_scenario && <span className={styles.muted}> · по сценарию</span>}
          </p>
        ),
      };
    case 'stage':
      return {
        icon: 'flag',
        title: details.automatic
          ? 'Автоматически перемещён в другую категорию'
          : 'Перемещён в другую категорию',
        body: (
          <>
            <p className={styles.line}>
              <StageChip stage={details.from} />
              <span aria-label="в">→</span>
              <StageChip stage={details.to} />
            </p>
            {details.closing?.loss_reason && (
              <p className={styles.text}>Причина отказа: {details.closing.loss_reason}</p>
            )}
            {details.closing?.final_amount != null && (
              <p className={styles.muted}>Итоговая сумма: {formatNumber(details.closing.final_amount)}</p>
            )}
          </>
        ),
      };
    case 'changes':
      return {
        icon: 'edit',
        title: 'Изменены данные',
        body: (
          <dl className={styles.changes}>
            {details.changes.map((change) => (
              <div key={change.label} className={styles.change}>
                <dt>{change.label}</dt>
                <dd>
                  <span className={styles.before}>{change.before || 'пусто'}</span>
                  <span aria-label="стало"> → </span>
                  <span>{change.after || 'пусто'}</span>
                </dd>
              </div>
            ))}
          </dl>
        ),
      };
    case 'message':
      return {
        icon: 'chat',
        title: details.from_admin ? 'Ответ администратора' : 'Вопрос администратору',
        body: (
          <>
            {details.text !== null && <p className={styles.text}>{details.text}</p>}
            <Link
              className={styles.smallLink}
              to={`${paths.adminChat}?conversation=${details.conversation_id}`}
            >
              Открыть чат
            </Link>
          </>
        ),
      };
    case 'call':
      return {
        icon: 'phone',
        title: `Звонок: ${callOutcomeLabels[details.call.outcome]}`,
        body: (
          <>
            {details.call.duration > 0 && (
              <p className={styles.muted}>Длительность {callDuration(details.call.duration)}</p>
            )}
            {details.call.comment !== '' && <p className={styles.text}>{details.call.comment}</p>}
          </>
        ),
      };
    case 'import':
      return { icon: 'upload', title: 'Импорт', body: <p className={styles.text}>{entry.message}</p> };
    case 'merge':
      return {
        icon: 'merge',
        title: `Объединён с клиентом «${details.other.name}» (#${details.other.id})`,
      };
    case 'other':
      return { icon: 'history', title: entry.message };
  }
}

/** One entry of the client's timeline: what happened, shown by its kind, who and when. */
export const TimelineItem = memo(({ entry, zone }: { entry: TimelineEntry; zone: string }) => {
  const { icon, title, body } = view(entry.details, entry, zone);
  const who = entry.actor
    ? entry.impersonator
      ? `${entry.impersonator.name} в аккаунте менеджера ${entry.actor.name}`
      : entry.actor.name
    : 'Система';
  return (
    <li className={styles.entry} data-testid="timeline-entry" data-type={entry.details.type}>
      <span className={styles.entryIcon} aria-hidden="true">
        <Icon name={icon} size={16} />
      </span>
      <div className={styles.entryBody}>
        <p className={styles.entryTitle}>{title}</p>
        {body}
        <p className={styles.entryMeta}>
          <time dateTime={entry.created_at}>{formatDue(entry.created_at, zone)}</time> · {who}
        </p>
      </div>
    </li>
  );
});
TimelineItem.displayName = 'TimelineItem';
