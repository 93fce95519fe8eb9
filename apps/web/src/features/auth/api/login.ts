import { useMutation } from '@tanstack/react-query';
import type { loginBody, TokenResponse } from '@crm/contract';
import { api } from '../../../lib/api-client';
import type { SchemaOutput } from '../../../lib/schema-types';
import { appStorage } from '../../../lib/storage';

export type LoginPayload = SchemaOutput<typeof loginBody>;

export const login = (body: LoginPayload) => api.post<TokenResponse>('/login', body);

/** Stores the token on success (spec §4 "Login stores the token"). */
export const useLogin = () =>
  useMutation({
    mutationFn: login,
    meta: { errorMessage: 'Login failed. Please try again.' },
    onSuccess: ({ token }) => appStorage.setLoginToken(token),
  });
