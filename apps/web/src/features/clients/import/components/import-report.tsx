import { useState } from 'react';
import { toast } from 'react-toastify';
import type { ClientImport } from '@crm/contract';
import { errorToastMessage, isApiError } from '@/lib/api-error';
import { formatNumber } from '@/lib/numbers';
import { paths } from '@/lib/paths';
import { Button } from '@/ui/button';
import { ButtonLink } from '@/ui/button-link';
import { Card, CardHead, CardTitle } from '@/ui/card';
import { useConfirm } from '@/ui/modal';
import { UNDO_FAILED, useUndoImport } from '../api/undo-import';
import { ImportErrors } from './import-errors';
import { CountTiles } from './import-parts';
import { REPORT_TITLES, reportText } from './import-status';
import styles from './import.module.css';

/**
 * How the import ended (done, stopped, failed, undone): what it did, its bad rows, why it failed,
 * and 'Отменить импорт' while that is possible. A refused undo says why (the server's words).
 */
type ImportReportProps = {
  projectId: number;
  item: ClientImport;
  /** A failed import may be mapped and checked again. */
  onEdit: () => void;
};

export const ImportReport = ({ projectId, item, onEdit }: ImportReportProps) => {
  const undo = useUndoImport(projectId, item.id);
  const confirm = useConfirm();
  const [refused, setRefused] = useState<string | null>(null);
  const counts = item.done;

  const askUndo = async () => {
    setRefused(null);
    const created = counts?.new ?? 0;
    const updated = counts?.update ?? 0;
    await confirm({
      message: `Отменить импорт «${item.file_name}»?`,
      hint: [
        created > 0 &&
          `Созданные им клиенты (${formatNumber(created)}) будут удалены вместе с их заметками и напоминаниями.`,
        updated > 0 && `Значения обновлённых клиентов (${formatNumber(updated)}) вернутся к прежним.`,
        'Если эти клиенты с тех пор изменились, отмена откажет и скажет почему.',
      ]
        .filter(Boolean)
        .join(' '),
      agreeText: 'Да, отменить импорт',
      onAgree: async () => {
        try {
          await undo.mutateAsync();
        } catch (error) {
          // A refusal with its reason closes the question and stays on the page; other failures
          // keep the question open to try again.
          if (isApiError(error) && (error.status === 409 || error.status === 422) && error.message.trim()) {
            setRefused(error.message);
            return;
          }
          toast.error(errorToastMessage(error, UNDO_FAILED));
          throw error;
        }
      },
    });
  };

  return (
    <>
      <Card aria-labelledby="import-report-title">
        <CardHead text={reportText(item.status, item.can_undo)}>
          <CardTitle id="import-report-title">{REPORT_TITLES[item.status] ?? 'Импорт'}</CardTitle>
        </CardHead>
        <div className={styles.section}>
          {item.problem && (
            <p className={styles.problem} data-testid="import-problem">
              {item.problem}
            </p>
          )}
          {counts && <CountTiles counts={counts} mode={item.duplicates} phase="done" label="Итог импорта" />}
          {refused && (
            <p className={styles.problem} role="alert" data-testid="import-undo-refused">
              {refused}
            </p>
          )}
          <div className={styles.actions}>
            {item.status !== 'failed' && <ButtonLink to={paths.clients}>Открыть доску</ButtonLink>}
            <ButtonLink variant="secondary" to={paths.clientsImport}>
              Новый импорт
            </ButtonLink>
            {item.status === 'failed' && (
              <Button variant="secondary" onClick={onEdit}>
                Изменить сопоставление
              </Button>
            )}
            {item.can_undo && (
              <Button variant="danger" loading={undo.isPending} onClick={() => void askUndo()}>
                Отменить импорт
              </Button>
            )}
          </div>
        </div>
      </Card>
      {counts && <ImportErrors projectId={projectId} item={item} count={counts.errors} />}
    </>
  );
};
