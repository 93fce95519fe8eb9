import { useId, useState } from 'react';
import { REMINDER_STATUS_LABELS, REMINDER_STATUSES, type ReminderStatus } from '@crm/contract';
import { useSession } from '@/lib/session-context';
import { Card, CardHead, CardTitle } from '@/ui/card';
import { EmptyState } from '@/ui/empty-state';
import { Select } from '@/ui/select';
import { useReminders } from '@/features/reminders/api/get-reminders';
import { ReminderList } from './reminder-list';
import styles from './reminder-lists.module.css';

/**
 * The 'manager-reminders' slot: the 'Напоминания' card of a manager's page (/managers/{id}): his
 * reminders, the latest due first, filtered by status, 20 a page; a card opens the details.
 */
const ManagerReminders = ({ managerId }: { managerId: number }) => {
  const { projectId } = useSession();
  const titleId = useId();
  const [state, setState] = useState<{ managerId: number; status: ReminderStatus | ''; page: number }>({
    managerId,
    status: '',
    page: 1,
  });
  // Another manager's page starts afresh.
  const { status, page } = state.managerId === managerId ? state : { status: '' as const, page: 1 };
  const result = useReminders(projectId, { manager_id: managerId, status: status || undefined, page });

  return (
    <Card aria-labelledby={titleId} data-testid="manager-reminders">
      <CardHead
        actions={
          <Select
            label="Статус"
            hideLabel
            className={styles.filter}
            value={status}
            onChange={(event) =>
              setState({ managerId, status: event.target.value as ReminderStatus | '', page: 1 })
            }
            data-testid="manager-reminders-status"
          >
            <option value="">Все статусы</option>
            {REMINDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {REMINDER_STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        }
      >
        <CardTitle id={titleId} count={result.data?.total}>
          Напоминания
        </CardTitle>
      </CardHead>
      <ReminderList
        data={result.data}
        isError={result.isError}
        isPlaceholder={result.isPlaceholderData}
        onRetry={() => void result.refetch()}
        onPage={(next) => setState({ managerId, status, page: next })}
        label="Напоминания менеджера"
        empty={
          <EmptyState
            plain
            icon="calendar"
            text={
              status === ''
                ? 'У менеджера пока нет напоминаний.'
                : `Нет напоминаний со статусом «${REMINDER_STATUS_LABELS[status]}».`
            }
          />
        }
      />
    </Card>
  );
};

export default ManagerReminders;
