import { accountsEndpoints, type socialLoginBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import type { SchemaOutput } from '@/lib/schema-types';

export type SocialLoginPayload = SchemaOutput<typeof socialLoginBody>;

/** {provider, code, state, iss?} → {token}. The code works once. */
export const socialLogin = (body: SocialLoginPayload) => callApi(accountsEndpoints.socialLogin, { body });
