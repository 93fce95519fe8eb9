import { accountsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';

/** The hash of the email link, sent with the signed-in user's token → the user, now verified. */
export const verifyEmail = (hash: string) => callApi(accountsEndpoints.verifyEmail, { params: { hash } });
