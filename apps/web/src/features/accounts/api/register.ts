import { useMutation } from '@tanstack/react-query';
import { accountsEndpoints, type registerBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import type { SchemaOutput } from '@/lib/schema-types';
import { appStorage } from '@/lib/storage';
import { recordResent } from '@/features/accounts/lib/use-resend-cooldown';

export type RegisterPayload = SchemaOutput<typeof registerBody>;

export const register = (body: RegisterPayload) => callApi(accountsEndpoints.register, { body });

export const useRegister = () =>
  useMutation({
    mutationFn: register,
    meta: { errorMessage: 'Registration failed. Please try again.' },
    onSuccess: ({ token }) => {
      appStorage.setLoginToken(token);
      // The registration itself sent the verification email (none is needed when an invitation
      // proved the address): its cooldown starts now, so start-up does not ask for another one,
      // which the server would refuse with 429.
      recordResent();
    },
  });
