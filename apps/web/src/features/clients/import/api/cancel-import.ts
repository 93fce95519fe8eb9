import { clientImportsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { useImportStep } from './import-cache';

export const CANCEL_FAILED = 'Не удалось остановить. Попробуйте ещё раз.';

/** Stops a check or a run after its current batch; what was written stays. */
export const cancelImport = (projectId: number, importId: number) =>
  callApi(clientImportsEndpoints.cancel, { params: { projectId, importId } });

export const useCancelImport = (projectId: number, importId: number) =>
  useImportStep<void>(projectId, importId, () => cancelImport(projectId, importId));
