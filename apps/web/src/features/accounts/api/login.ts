import { accountsEndpoints, type loginBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import type { SchemaOutput } from '@/lib/schema-types';

export type LoginPayload = SchemaOutput<typeof loginBody>;

/** {email, password} → {token}; the server checks the fields (the page loads without zod). */
export const login = (body: LoginPayload) => callApi(accountsEndpoints.login, { body });
