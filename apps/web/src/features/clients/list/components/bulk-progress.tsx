import type { ClientBulkAction } from '@crm/contract';
import { formatNumber } from '@/lib/numbers';
import { useRunningBulks } from '@/features/clients/list/api/client-bulk';
import styles from './client-list.module.css';

const TITLES: Record<ClientBulkAction, string> = {
  move: 'Перенос клиентов',
  reassign: 'Передача клиентов',
  reminder: 'Напоминания клиентам',
  delete: 'Удаление клиентов',
};

/**
 * The caller's bulk actions running in the background, with their progress: read from the server,
 * so a page opened later (or after leaving this one) shows them too, and followed live.
 */
export const BulkProgress = ({ projectId }: { projectId: number }) => {
  const running = useRunningBulks(projectId);
  return (
    <>
      {(running.data ?? []).map((bulk) => (
        <div key={bulk.id} className={styles.progress} role="status" data-testid="bulk-progress">
          <span>
            {TITLES[bulk.action]}: {formatNumber(bulk.done + bulk.skipped)} из {formatNumber(bulk.total)}
          </span>
          <progress max={bulk.total} value={bulk.done + bulk.skipped} aria-label={TITLES[bulk.action]} />
        </div>
      ))}
    </>
  );
};
