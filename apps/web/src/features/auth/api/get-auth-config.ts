import type { accountsEndpoints } from '@crm/contract';
import { signInAddresses } from '@crm/contract/sign-in';
import { byAddress, callApi } from '@/lib/api-client';

/** What the sign-in pages may offer on this server (public): `{google}`. */
export const getAuthConfig = (signal?: AbortSignal) =>
  callApi(byAddress<typeof accountsEndpoints.authConfig>(signInAddresses.authConfig), { signal });
