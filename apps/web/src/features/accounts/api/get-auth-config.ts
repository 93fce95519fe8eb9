import { accountsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';

/** What the sign-in pages may offer on this server (public): `{google}`. */
export const getAuthConfig = (signal?: AbortSignal) => callApi(accountsEndpoints.authConfig, { signal });
