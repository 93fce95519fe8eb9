import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientImport } from '@crm/contract';
import { queryKeys } from '@/lib/query-keys';

/**
 * A step of one import (save the mapping, check, run, cancel, undo): its answer is the import as
 * it now is, which the page shows at once; the list of imports is read again behind it. Errors are
 * the caller's to show (a 422 under its field, a refusal's message where it was asked).
 */
export const useImportStep = <V>(
  projectId: number,
  importId: number,
  step: (variables: V) => Promise<ClientImport>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: step,
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.clientImports.one(projectId, importId), answer);
      void queryClient.invalidateQueries({ queryKey: queryKeys.clientImports.list(projectId) });
    },
  });
};
