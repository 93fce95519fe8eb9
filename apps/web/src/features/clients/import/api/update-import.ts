import { clientImportsEndpoints, type ClientImportUpdateBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { useImportStep } from './import-cache';

export const UPDATE_FAILED = 'Не удалось сохранить. Попробуйте ещё раз.';

/** Saves a part of the mapping or a choice (what is not sent stays as it was). */
export const updateImport = (projectId: number, importId: number, body: ClientImportUpdateBody) =>
  callApi(clientImportsEndpoints.update, { params: { projectId, importId }, body });

export const useUpdateImport = (projectId: number, importId: number) =>
  useImportStep(projectId, importId, (body: ClientImportUpdateBody) =>
    updateImport(projectId, importId, body),
  );
