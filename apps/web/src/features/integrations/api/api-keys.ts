import { useQuery } from '@tanstack/react-query';
import { integrationsEndpoints, type apiKeyCreateBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { SchemaOutput } from '@/lib/schema-types';
import { useInvalidatingMutation } from './invalidating-mutation';

export type ApiKeyCreatePayload = SchemaOutput<typeof apiKeyCreateBody>;

/** The project's keys not revoked, newest first. */
export const useApiKeys = (projectId: number | null) =>
  useQuery({
    queryKey: queryKeys.integrations.apiKeys(projectId ?? 0),
    queryFn: ({ signal }) => callApi(integrationsEndpoints.apiKeys, { params: { projectId: projectId! }, signal }),
    enabled: projectId !== null,
    meta: { errorMessage: 'Failed to get API keys.' },
  });

/** {name, scope, expires_on}; the answer carries the key, shown once. */
export const useCreateApiKey = (projectId: number) =>
  useInvalidatingMutation(
    queryKeys.integrations.apiKeys(projectId),
    (body: ApiKeyCreatePayload) => callApi(integrationsEndpoints.createApiKey, { params: { projectId }, body }),
    'Failed to create API key.',
  );

/** Ends the key at once. */
export const useRevokeApiKey = (projectId: number) =>
  useInvalidatingMutation(
    queryKeys.integrations.apiKeys(projectId),
    (keyId: number) => callApi(integrationsEndpoints.revokeApiKey, { params: { projectId, keyId } }),
    'Failed to revoke API key.',
  );
