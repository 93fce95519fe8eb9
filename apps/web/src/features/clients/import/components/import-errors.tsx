import { useState } from 'react';
import { toast } from 'react-toastify';
import { IMPORT_ERRORS_SHOWN, type ClientImport } from '@crm/contract';
import { errorToastMessage } from '@/lib/api-error';
import { formatNumber } from '@/lib/numbers';
import { Button } from '@/ui/button';
import { Card, CardHead, CardTitle } from '@/ui/card';
import { Icon } from '@/ui/icons';
import { cx } from '@/ui/cx';
import { downloadImportErrors, ERRORS_FILE_FAILED } from '../api/download-import-errors';
import styles from './import.module.css';

type ImportErrorsProps = {
  projectId: number;
  item: ClientImport;
  /** Rows with errors (the check's or the run's count). */
  count: number;
};

/**
 * The bad rows: each row's number in the file, its column and why (the first 100), and the file
 * of all of them with an 'Ошибка' column, to fix and import again.
 */
export const ImportErrors = ({ projectId, item, count }: ImportErrorsProps) => {
  const [busy, setBusy] = useState(false);
  if (count === 0 && item.errors.length === 0) return null;
  const download = async () => {
    setBusy(true);
    try {
      await downloadImportErrors(projectId, item);
    } catch (error) {
      toast.error(errorToastMessage(error, ERRORS_FILE_FAILED));
    } finally {
      setBusy(false);
    }
  };
  const cut = item.errors.length >= IMPORT_ERRORS_SHOWN;
  return (
    <Card aria-labelledby="import-errors-title">
      <CardHead
        text={
          cut
            ? `Здесь первые ${formatNumber(item.errors.length)}; все строки с ошибками — в файле. Исправьте их там и загрузите файл снова.`
            : 'Исправьте строки в файле с ошибками и загрузите его снова: импортируются только они.'
        }
        actions={
          <Button variant="secondary" loading={busy} onClick={() => void download()}>
            {!busy && <Icon name="download" size={18} />}
            Скачать строки с ошибками
          </Button>
        }
      >
        <CardTitle id="import-errors-title" count={formatNumber(count)}>
          Ошибки
        </CardTitle>
      </CardHead>
      {item.errors.length > 0 && (
        <div className={styles.tableScroll} tabIndex={0} role="region" aria-label="Таблица «Ошибки»">
          <table className={cx(styles.table, styles.errorsTable)}>
            <caption className="visually-hidden">Строки файла с ошибками</caption>
            <thead>
              <tr>
                <th scope="col" className={styles.num}>
                  Строка
                </th>
                <th scope="col">Столбец</th>
                <th scope="col">Ошибка</th>
              </tr>
            </thead>
            <tbody>
              {item.errors.map((error, i) => (
                <tr key={i} data-testid="import-error-row">
                  <td className={styles.num}>{error.row}</td>
                  <td>{error.column ?? '—'}</td>
                  <td>{error.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
};
