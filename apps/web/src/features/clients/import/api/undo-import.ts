import { clientImportsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { useImportStep } from './import-cache';

export const UNDO_FAILED = 'Не удалось отменить импорт. Попробуйте ещё раз.';

/** Removes the clients the import created and restores the values it changed (refused, with its reason, once they changed since). */
export const undoImport = (projectId: number, importId: number) =>
  callApi(clientImportsEndpoints.undo, { params: { projectId, importId } });

export const useUndoImport = (projectId: number, importId: number) =>
  useImportStep<void>(projectId, importId, () => undoImport(projectId, importId));
