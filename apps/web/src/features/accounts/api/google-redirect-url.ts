import { accountsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { appStorage } from '@/lib/storage';

export const GOOGLE_FALLBACK = 'Login failed. Please try again.';

/**
 * 'Войти через Google': asks the server for the provider's address (it keeps state and PKCE) and
 * leaves the app for it. `returnTo` is remembered for the way back (login_data_processing).
 */
export const goToGoogle = async (returnTo: string | null) => {
  const { url } = await callApi(accountsEndpoints.googleRedirectUrl, { query: { provider: 'google' } });
  if (returnTo) appStorage.setReturnTo(returnTo);
  else appStorage.removeReturnTo();
  window.location.assign(url);
};
