import { useMutation } from '@tanstack/react-query';
import { accountsEndpoints, type forgotPasswordBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import type { SchemaOutput } from '@/lib/schema-types';

export type ForgotPasswordPayload = SchemaOutput<typeof forgotPasswordBody>;

/** Always 200 `{ok: true}`, whether or not the account exists (no enumeration). */
export const forgotPassword = (body: ForgotPasswordPayload) =>
  callApi(accountsEndpoints.forgotPassword, { body });

export const useForgotPassword = () =>
  useMutation({
    mutationFn: forgotPassword,
    meta: { errorMessage: 'Failed to send the email. Please try again.' },
  });
