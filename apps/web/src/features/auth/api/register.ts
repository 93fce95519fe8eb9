import { useMutation } from '@tanstack/react-query';
import { accountsEndpoints, type registerBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import type { SchemaOutput } from '@/lib/schema-types';
import { appStorage } from '@/lib/storage';

export type RegisterPayload = SchemaOutput<typeof registerBody>;

export const register = (body: RegisterPayload) => callApi(accountsEndpoints.register, { body });

export const useRegister = () =>
  useMutation({
    mutationFn: register,
    meta: { errorMessage: 'Registration failed. Please try again.' },
    onSuccess: ({ token }) => appStorage.setLoginToken(token),
  });
