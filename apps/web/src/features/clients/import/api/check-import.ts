import { clientImportsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { useImportStep } from './import-cache';

export const CHECK_FAILED = 'Не удалось начать проверку. Попробуйте ещё раз.';

/** Starts the dry run: nothing is written, the counts and bad rows come with the import. */
export const checkImport = (projectId: number, importId: number) =>
  callApi(clientImportsEndpoints.check, { params: { projectId, importId } });

export const useCheckImport = (projectId: number, importId: number) =>
  useImportStep<void>(projectId, importId, () => checkImport(projectId, importId));
