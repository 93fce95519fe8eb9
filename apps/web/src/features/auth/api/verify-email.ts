import type { User } from '@crm/contract';
import { api } from '../../../lib/api-client';

export const VERIFY_FALLBACK = 'Failed to verify.';

/** POST /email/verify/{hash} with the signed-in user's token → the user, now verified. */
export const verifyEmail = (hash: string) => api.post<User>(`/email/verify/${encodeURIComponent(hash)}`);
