import { clientImportsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { useImportStep } from './import-cache';

export const RUN_FAILED = 'Не удалось начать импорт. Попробуйте ещё раз.';

/** Starts the import (queued while another import of the project runs). */
export const runImport = (projectId: number, importId: number) =>
  callApi(clientImportsEndpoints.run, { params: { projectId, importId } });

export const useRunImport = (projectId: number, importId: number) =>
  useImportStep<void>(projectId, importId, () => runImport(projectId, importId));
