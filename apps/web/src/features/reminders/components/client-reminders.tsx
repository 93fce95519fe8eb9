import { useId, useState } from 'react';
import { useSession } from '@/lib/session-context';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { Icon } from '@/ui/icons';
import { useReminders } from '@/features/reminders/api/get-reminders';
import { ReminderList } from './reminder-list';
import { useReminderModals } from './use-reminder-modals';
import styles from './reminder-lists.module.css';

/**
 * The 'client-reminders' slot, in the client's info panel: his reminders, the latest due first,
 * 20 a page, each opening its details; 'Добавить напоминание' opens the create modal with the
 * client fixed.
 */
const ClientReminders = ({ clientId }: { clientId: number }) => {
  const { projectId } = useSession();
  const { openCreate } = useReminderModals();
  const titleId = useId();
  const [paging, setPaging] = useState({ clientId, page: 1 });
  const page = paging.clientId === clientId ? paging.page : 1;
  const result = useReminders(projectId, { client_id: clientId, page });
  const add = () => openCreate({ clientId });

  return (
    <section className={styles.section} aria-labelledby={titleId} data-testid="client-reminders">
      <div className={styles.head}>
        <h3 id={titleId} className={styles.title}>
          Напоминания
          {result.data && result.data.total > 0 && <span className={styles.count}>{result.data.total}</span>}
        </h3>
        {result.data && result.data.total > 0 && (
          <Button variant="secondary" onClick={add}>
            <Icon name="plus" size={18} />
            Добавить напоминание
          </Button>
        )}
      </div>
      <ReminderList
        data={result.data}
        isError={result.isError}
        isPlaceholder={result.isPlaceholderData}
        onRetry={() => void result.refetch()}
        onPage={(next) => setPaging({ clientId, page: next })}
        label="Напоминания клиента"
        showClient={false}
        empty={
          <EmptyState
            plain
            icon="calendar"
            text="По этому клиенту пока нет напоминаний."
            action={
              <Button onClick={add}>
                <Icon name="plus" size={18} />
                Добавить напоминание
              </Button>
            }
          />
        }
      />
    </section>
  );
};

export default ClientReminders;
