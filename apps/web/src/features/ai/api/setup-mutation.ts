import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * An admin's write on /initial-questions: it refreshes every answer of the setup (a deleted group
 * takes its questions and prompts with it, a deleted question leaves the prompts that had it).
 */
export const useSetupMutation = <V, R>(
  projectId: number,
  run: (variables: V) => Promise<R>,
  errorMessage: string,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    meta: { errorMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.ai.setup(projectId) }),
  });
};
