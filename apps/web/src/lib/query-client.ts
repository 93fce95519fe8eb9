import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { errorToastMessage, isApiError } from './api-error';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { errorMessage?: string };
    mutationMeta: { errorMessage?: string };
  }
}

/**
 * Shows an action's error toast (docs/product.md §5.4). A 401 shows none: the API client has already sent
 * the user to /login, which says enough. react-toastify loads with the first toast, not with the
 * app's start (the app's root shows the container once it has loaded too).
 */
export const notifyError = (error: unknown, fallback: string) => {
  if (isApiError(error) && error.status === 401) return;
  const message = errorToastMessage(error, fallback);
  void import('@/ui/toasts').then(({ toast }) => toast.error(message));
};

/** Client errors will not change on retry; one retry is for flaky networks and 5xx only. */
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 1 && !(isApiError(error) && error.status < 500);

/**
 * Queries and mutations name their fallback text in `meta.errorMessage`; the caches toast it
 * here so no screen has to repeat the rule. Those without it handle errors themselves.
 */
export const createQueryClient = () =>
  new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorMessage) notifyError(error, query.meta.errorMessage);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.meta?.errorMessage) notifyError(error, mutation.meta.errorMessage);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
