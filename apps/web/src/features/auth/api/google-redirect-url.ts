import { useMutation } from '@tanstack/react-query';
import { accountsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { appStorage } from '@/lib/storage';

export const GOOGLE_FALLBACK = 'Login failed. Please try again.';

/** The provider's sign-in page for Google. */
export const getGoogleRedirectUrl = () =>
  callApi(accountsEndpoints.googleRedirectUrl, { query: { provider: 'google' } });

/**
 * 'Войти через Google': asks the server for the provider's address (it keeps state and PKCE) and
 * leaves the app for it. `returnTo` is remembered for the way back (login_data_processing).
 */
export const useGoogleRedirect = () =>
  useMutation({
    mutationFn: async (returnTo: string | null) => {
      const { url } = await getGoogleRedirectUrl();
      if (returnTo) appStorage.setReturnTo(returnTo);
      else appStorage.removeReturnTo();
      window.location.assign(url);
    },
    meta: { errorMessage: GOOGLE_FALLBACK },
  });
