import type { socialLoginBody, TokenResponse } from '@crm/contract';
import { api } from '../../../lib/api-client';
import type { SchemaOutput } from '../../../lib/schema-types';

export type SocialLoginPayload = SchemaOutput<typeof socialLoginBody>;

/** POST /socialite/login {provider, code, state, iss?} → {token}. The code works once. */
export const socialLogin = (body: SocialLoginPayload) => api.post<TokenResponse>('/socialite/login', body);
