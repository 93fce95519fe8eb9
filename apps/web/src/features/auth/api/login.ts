import { useMutation } from '@tanstack/react-query';
import { accountsEndpoints, type loginBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import type { SchemaOutput } from '@/lib/schema-types';
import { appStorage } from '@/lib/storage';

export type LoginPayload = SchemaOutput<typeof loginBody>;

export const login = (body: LoginPayload) => callApi(accountsEndpoints.login, { body });

/** Stores the token on success (docs/product.md §6.1). */
export const useLogin = () =>
  useMutation({
    mutationFn: login,
    meta: { errorMessage: 'Login failed. Please try again.' },
    onSuccess: ({ token }) => appStorage.setLoginToken(token),
  });
