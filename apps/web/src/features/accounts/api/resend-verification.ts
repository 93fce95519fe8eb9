import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { queryKeys } from '@/lib/query-keys';
import { recordResendFailure, recordResent } from '@/features/accounts/lib/use-resend-cooldown';

/** Every resend (the start-up one and the button) shares this key, so pages see one in flight. */
export const RESEND_MUTATION_KEY = ['email', 'resend'] as const;

export const RESEND_FALLBACK = 'Failed to resend. Please try again.';

/** A new verification email; 429 within 2 minutes of the last one. */
export const resendVerification = () => callApi(accountsEndpoints.resendVerification);

/**
 * The resend button: the error toast (docs/product.md §5.4, fallback 'Failed to resend. Please try
 * again.') comes from the meta; a 429 also corrects the countdown to the server's, and a 422
 * ('Почта уже подтверждена') reloads the user so the page shows that.
 */
export const useResendVerification = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: RESEND_MUTATION_KEY,
    mutationFn: resendVerification,
    meta: { errorMessage: RESEND_FALLBACK },
    onSuccess: () => recordResent(),
    onError: (error) => {
      recordResendFailure(error);
      if (isApiError(error) && error.status === 422)
        void queryClient.invalidateQueries({ queryKey: queryKeys.user() });
    },
  });
};

/** The start-up resend (docs/product.md §2.1): silent, as a 429 only means an email went out recently. */
export const useStartupResendMutation = () =>
  useMutation({
    mutationKey: RESEND_MUTATION_KEY,
    mutationFn: resendVerification,
    onSuccess: () => recordResent(),
    onError: (error) => recordResendFailure(error),
  });
