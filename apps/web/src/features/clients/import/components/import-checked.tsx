import { toast } from 'react-toastify';
import type { ClientImport } from '@crm/contract';
import { errorToastMessage } from '@/lib/api-error';
import { Button } from '@/ui/button';
import { Card, CardHead, CardTitle } from '@/ui/card';
import formStyles from '@/ui/form.module.css';
import { CHECK_FAILED, useCheckImport } from '../api/check-import';
import { RUN_FAILED, useRunImport } from '../api/run-import';
import { ImportErrors } from './import-errors';
import { CountTiles } from './import-parts';
import { clientsText, clientsToWrite, rowsText } from './import-status';
import { ImportUnknownOptions } from './import-unknown-options';
import styles from './import.module.css';

type ImportCheckedProps = {
  projectId: number;
  item: ClientImport;
  /** 'Изменить сопоставление': the mapping again. */
  onEdit: () => void;
  /** A choice changed here: the figures stay on screen until checked again. */
  onChoice: () => void;
  /** A new check started. */
  onCheck: () => void;
};

/**
 * The check's outcome: what a run would do (new, updated, duplicates, errors), the bad rows and
 * their file, the unknown select values; then the run, another check, or the mapping again.
 */
export const ImportChecked = ({ projectId, item, onEdit, onChoice, onCheck }: ImportCheckedProps) => {
  const check = useCheckImport(projectId, item.id);
  const run = useRunImport(projectId, item.id);
  const counts = item.checked ?? { new: 0, update: 0, duplicate: 0, errors: 0 };
  const toWrite = clientsToWrite(counts);
  // A choice made since (an unknown value) asks for a new check before the run.
  const stale = item.status !== 'checked';
  const act = async (step: typeof check, fallback: string) => {
    try {
      await step.mutateAsync();
      if (step === check) onCheck();
    } catch (error) {
      toast.error(errorToastMessage(error, fallback));
    }
  };
  return (
    <>
      <Card aria-labelledby="import-checked-title">
        <CardHead text="Файл проверен теми же правилами, что и новый клиент; в проекте пока ничего не изменилось.">
          <CardTitle id="import-checked-title">Результат проверки</CardTitle>
        </CardHead>
        <div className={styles.section}>
          <CountTiles counts={counts} mode={item.duplicates} phase="checked" label="Результат проверки" />
          {stale && (
            <p className={formStyles.warning} role="status" data-testid="import-check-stale">
              Выбор изменился: проверьте файл снова, чтобы увидеть, что будет импортировано.
            </p>
          )}
          {!stale && counts.errors > 0 && (
            <p className={formStyles.warning}>
              {rowsText(counts.errors)} с ошибками не{' '}
              {counts.errors === 1 ? 'импортируется' : 'импортируются'}: исправьте их в файле строк с ошибками
              и загрузите его потом отдельно.
            </p>
          )}
        </div>
      </Card>
      {item.unknown_options.length > 0 && (
        <ImportUnknownOptions projectId={projectId} item={item} onChoice={onChoice} />
      )}
      <ImportErrors projectId={projectId} item={item} count={counts.errors} />
      <div className={styles.actions}>
        <Button
          loading={run.isPending}
          disabled={stale || toWrite === 0 || check.isPending}
          onClick={() => void act(run, RUN_FAILED)}
        >
          Импортировать {clientsText(toWrite)}
        </Button>
        <Button
          variant={stale ? 'primary' : 'secondary'}
          loading={check.isPending}
          disabled={run.isPending}
          onClick={() => void act(check, CHECK_FAILED)}
        >
          Проверить снова
        </Button>
        <Button variant="ghost" disabled={run.isPending || check.isPending} onClick={onEdit}>
          Изменить сопоставление
        </Button>
      </div>
    </>
  );
};
