import type { QueryClient } from '@tanstack/react-query';
import type { Clue, FormGroup } from '@crm/contract';
import { queryKeys } from '@/lib/query-keys';

/** Puts an option's new hint (or its removal) into the cached form, so the builder need not reload it. */
export const setOptionClueInCache = (queryClient: QueryClient, projectId: number, optionId: number, clue: Clue | null) => {
  queryClient.setQueryData<FormGroup[]>(queryKeys.clientForm.groups(projectId), (groups) =>
    groups?.map((group) => ({
      ...group,
      fields: group.fields.map((field) => ({
        ...field,
        options: field.options.map((option) => (option.id === optionId ? { ...option, clue } : option)),
      })),
    })),
  );
};
