import { toast } from 'react-toastify';
import type { ClientImport, ImportStatus } from '@crm/contract';
import { errorToastMessage } from '@/lib/api-error';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { CANCEL_FAILED, useCancelImport } from '../api/cancel-import';
import { useClientImports } from '../api/list-imports';
import { ProgressBar } from './import-parts';
import { canCancel, countsLine, progressShare, progressText, progressTitle } from './import-status';
import styles from './import.module.css';

/** An import that holds the project's turn: a queued run waits for it. */
const RUNNING: ImportStatus[] = ['running', 'cancelling', 'undoing'];

/**
 * While the server works (a check, a run, a stop, an undo): what it does, how far it is, and
 * 'Отменить' for a check or a run. The page may be left: the work goes on without it.
 */
export const ImportProgress = ({ projectId, item }: { projectId: number; item: ClientImport }) => {
  const cancel = useCancelImport(projectId, item.id);
  const imports = useClientImports(projectId);
  const otherRunning = (imports.data ?? []).some(
    (other) => other.id !== item.id && RUNNING.includes(other.status),
  );
  const text = progressTitle(item.status, otherRunning);
  // An undo goes by clients, not rows: how far it is, is not told.
  const counting = item.status !== 'undoing';
  const share =
    item.status === 'queued' ? 0 : counting ? progressShare(item.rows_done, item.rows_total) : null;
  const onCancel = async () => {
    try {
      await cancel.mutateAsync();
    } catch (error) {
      toast.error(errorToastMessage(error, CANCEL_FAILED));
    }
  };
  return (
    <Card aria-labelledby="import-progress-title">
      <div className={styles.progress}>
        <h2 id="import-progress-title" className={styles.progressTitle} aria-live="polite">
          {text}
        </h2>
        <ProgressBar share={share} label={text} />
        {counting && (
          <div className={styles.progressFigures}>
            <span className={styles.muted} data-testid="import-progress-rows">
              {progressText(item.rows_done, item.rows_total)}
            </span>
            {share !== null && <span className={styles.muted}>{Math.round(share * 100)} %</span>}
          </div>
        )}
        {item.status === 'running' && item.done && <p className={styles.small}>{countsLine(item.done)}</p>}
        <p className={styles.muted}>Можно уйти со страницы: импорт продолжится, а прогресс будет здесь.</p>
        {canCancel(item.status) && (
          <div className={styles.actions}>
            <Button variant="secondary" loading={cancel.isPending} onClick={() => void onCancel()}>
              Отменить
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
};
