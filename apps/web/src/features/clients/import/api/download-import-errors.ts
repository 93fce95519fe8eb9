import { clientImportsEndpoints, type ClientImport } from '@crm/contract';
import { downloadFile } from '@/lib/api-client';

export const ERRORS_FILE_FAILED = 'Не удалось скачать строки с ошибками. Попробуйте ещё раз.';

/** 'clients.csv' → 'clients — ошибки.csv': the name when the server gives none. */
export const errorsFileName = (item: Pick<ClientImport, 'file_name' | 'format'>) =>
  `${item.file_name.replace(/\.(csv|xlsx)$/i, '')} — ошибки.${item.format}`;

/** The bad rows as the file came, each with its reason in a last 'Ошибка' column. */
export const downloadImportErrors = (
  projectId: number,
  item: Pick<ClientImport, 'id' | 'file_name' | 'format'>,
) =>
  downloadFile(
    clientImportsEndpoints.errors,
    { params: { projectId, importId: item.id } },
    errorsFileName(item),
  );
