import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { webhooksEndpoints, type webhookBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { SchemaOutput } from '@/lib/schema-types';
import { useInvalidatingMutation } from './invalidating-mutation';

export type WebhookPayload = SchemaOutput<typeof webhookBody>;

/** The project's endpoints, each with how many deliveries wait. */
export const useWebhooks = (projectId: number | null) =>
  useQuery({
    queryKey: queryKeys.integrations.webhooks(projectId ?? 0),
    queryFn: ({ signal }) => callApi(webhooksEndpoints.list, { params: { projectId: projectId! }, signal }),
    enabled: projectId !== null,
    meta: { errorMessage: 'Failed to get webhooks.' },
  });

/** The answer carries the signing secret, shown once. */
export const useCreateWebhook = (projectId: number) =>
  useInvalidatingMutation(
    queryKeys.integrations.webhooks(projectId),
    (body: WebhookPayload) => callApi(webhooksEndpoints.create, { params: { projectId }, body }),
    'Failed to create webhook.',
  );

export const useUpdateWebhook = (projectId: number) =>
  useInvalidatingMutation(
    queryKeys.integrations.webhooks(projectId),
    ({ webhookId, body }: { webhookId: number; body: WebhookPayload }) =>
      callApi(webhooksEndpoints.update, { params: { projectId, webhookId }, body }),
    'Failed to update webhook.',
  );

export const useDeleteWebhook = (projectId: number) =>
  useInvalidatingMutation(
    queryKeys.integrations.webhooks(projectId),
    (webhookId: number) => callApi(webhooksEndpoints.remove, { params: { projectId, webhookId } }),
    'Failed to delete webhook.',
  );

/** One page of an endpoint's log, newest first; the page shown stays while the next loads. */
export const useDeliveries = (projectId: number, webhookId: number, page: number) =>
  useQuery({
    queryKey: queryKeys.integrations.deliveries(projectId, webhookId, page),
    queryFn: ({ signal }) =>
      callApi(webhooksEndpoints.deliveries, { params: { projectId, webhookId }, query: { page }, signal }),
    placeholderData: keepPreviousData,
    // While some wait, the log follows them as they leave.
    refetchInterval: (query) => (query.state.data?.data.some((d) => d.status === 'pending') ? 2000 : false),
    meta: { errorMessage: 'Failed to get deliveries.' },
  });

/** 'Повторить': the same delivery leaves again; the log and the list are read again. */
export const useRetryDelivery = (projectId: number, webhookId: number) =>
  useInvalidatingMutation(
    queryKeys.integrations.webhooks(projectId),
    (deliveryId: number) => callApi(webhooksEndpoints.retry, { params: { projectId, webhookId, deliveryId } }),
    'Failed to retry delivery.',
  );
