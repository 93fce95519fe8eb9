import { useId, useRef, useState, type DragEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { IMPORT_FILE_MAX_BYTES, IMPORT_FILE_TOO_BIG } from '@crm/contract';
import { errorToastMessage, isApiError } from '@/lib/api-error';
import { paths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import { Button, buttonClass } from '@/ui/button';
import { Card, CardHead, CardTitle } from '@/ui/card';
import { cx } from '@/ui/cx';
import { Icon } from '@/ui/icons';
import { UPLOAD_FAILED, uploadImport } from '../api/upload-import';
import { ProgressBar } from './import-parts';
import { fileSize } from '@/lib/numbers';
import styles from './import.module.css';

export const FILE_FORMATS_TEXT =
  'CSV (UTF-8 или Windows-1251, разделитель ; , или табуляция) или Excel .xlsx, до 250 МБ';
export const WRONG_FILE_TYPE = 'Загрузите таблицу в формате .csv или .xlsx';
export const OLD_EXCEL = 'Это файл старого формата .xls: сохраните его в Excel как «Книга Excel (.xlsx)»';
const UPLOAD_OFFLINE = 'Не удалось загрузить файл: нет связи с сервером. Попробуйте ещё раз.';

/** Why a file is refused before it is sent (the server checks the rest); null: send it. */
export const fileProblem = (file: Pick<File, 'name' | 'size'>): string | null => {
  if (/\.xls$/i.test(file.name)) return OLD_EXCEL;
  // A tab-separated text is what Excel saves as 'Текст (разделители — табуляция)'.
  if (!/\.(csv|xlsx|txt)$/i.test(file.name)) return WRONG_FILE_TYPE;
  if (file.size > IMPORT_FILE_MAX_BYTES) return IMPORT_FILE_TOO_BIG;
  return null;
};

/** A refusal's words: the server's (413, 422: a file it cannot read), else the fallback. */
const uploadError = (error: unknown): string => {
  if (!isApiError(error)) return UPLOAD_OFFLINE;
  if (error.status === 413) return error.message.trim() || IMPORT_FILE_TOO_BIG;
  const field = Object.values(error.errors).flat()[0];
  if (error.status === 422 && !error.message.trim() && field) return field;
  return errorToastMessage(error, UPLOAD_FAILED);
};

type Sending = { name: string; size: number; share: number; controller: AbortController };

/**
 * The first step: a file dropped on the zone or chosen, sent with a progress bar; once the server
 * has read its columns, the import opens at its address (`?id=`), so a reload comes back to it.
 */
export const ImportUpload = ({ projectId }: { projectId: number | null }) => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [sending, setSending] = useState<Sending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const errorId = useId();

  const send = async (file: File) => {
    if (projectId === null || sending) return;
    const problem = fileProblem(file);
    setError(problem);
    if (problem) return;
    const controller = new AbortController();
    setSending({ name: file.name, size: file.size, share: 0, controller });
    try {
      const created = await uploadImport(
        projectId,
        file,
        (share) => setSending((now) => (now ? { ...now, share } : now)),
        controller.signal,
      );
      queryClient.setQueryData(queryKeys.clientImports.one(projectId, created.id), created);
      void queryClient.invalidateQueries({ queryKey: queryKeys.clientImports.list(projectId) });
      void navigate(`${paths.clientsImport}?id=${created.id}`);
    } catch (failure) {
      setSending(null);
      if (failure instanceof DOMException && failure.name === 'AbortError') return;
      setError(uploadError(failure));
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void send(file);
  };

  return (
    <Card aria-labelledby="import-upload-title">
      <CardHead text="Клиенты из таблицы: столбцы файла сопоставляются с полями клиента, файл проверяется, и только потом импортируется.">
        <CardTitle id="import-upload-title">Загрузите файл</CardTitle>
      </CardHead>
      <div
        className={styles.zone}
        data-dragging={dragging}
        data-invalid={error !== null}
        data-testid="import-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          if (!sending) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {sending ? (
          <div className={styles.sending} aria-live="polite">
            <div className={styles.sendingRow}>
              <span className={styles.fileName}>{sending.name}</span>
              <span className={cx(styles.small, styles.nowrap)}>{fileSize(sending.size)}</span>
            </div>
            <ProgressBar
              share={sending.share >= 1 ? null : sending.share}
              label={`Загрузка файла ${sending.name}`}
            />
            <div className={styles.sendingRow}>
              <span className={styles.muted}>
                {sending.share >= 1 ? 'Читаем столбцы…' : `Загружаем… ${Math.round(sending.share * 100)} %`}
              </span>
              <Button variant="ghost" onClick={() => sending.controller.abort()}>
                Отменить
              </Button>
            </div>
          </div>
        ) : (
          <>
            <span className={styles.zoneIcon}>
              <Icon name="upload" size={32} />
            </span>
            <p className={cx(styles.zoneTitle, styles.dragOnly)}>Перетащите файл сюда</p>
            <label className={cx(buttonClass('secondary'), styles.pick)}>
              <input
                ref={input}
                type="file"
                className="visually-hidden"
                accept=".csv,.xlsx,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                aria-describedby={cx(hintId, error !== null && errorId) || undefined}
                aria-invalid={error !== null || undefined}
                disabled={projectId === null}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) void send(file);
                }}
              />
              Выбрать файл
            </label>
            <p id={hintId} className={styles.zoneHint}>
              {FILE_FORMATS_TEXT}
            </p>
          </>
        )}
      </div>
      {error !== null && (
        <p id={errorId} className={styles.zoneError} role="alert" data-testid="import-upload-error">
          {error}
        </p>
      )}
    </Card>
  );
};
