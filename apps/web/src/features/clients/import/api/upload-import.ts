import { clientImportsEndpoints } from '@crm/contract';
import { uploadFile } from '@/lib/api-client';

export const UPLOAD_FAILED = 'Не удалось загрузить файл. Попробуйте ещё раз.';

/** Sends the file: the answer is the new import with its columns, first rows and guessed mapping. */
export const uploadImport = (
  projectId: number,
  file: File,
  onProgress: (share: number) => void,
  signal: AbortSignal,
) => uploadFile(clientImportsEndpoints.upload, { params: { projectId }, file, onProgress, signal });
