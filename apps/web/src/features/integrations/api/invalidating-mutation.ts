import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** A change to one of the tab's lists: the list is read again once it succeeds. */
export const useInvalidatingMutation = <V, R>(listKey: QueryKey, run: (vars: V) => Promise<R>, errorMessage: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    meta: { errorMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
};
