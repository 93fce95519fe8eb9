import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { telegramEndpoints, type TelegramConnectBody, type TelegramRulesBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const useTelegramBot = (projectId: number | null) =>
  useQuery({
    queryKey: queryKeys.telegram(projectId ?? 0),
    queryFn: ({ signal }) => callApi(telegramEndpoints.status, { params: { projectId: projectId! }, signal }),
    enabled: projectId !== null,
    meta: { errorMessage: 'Failed to get the Telegram bot.' },
  });

/** The answer is the bot as connected; it replaces the cached one. */
export const useConnectTelegramBot = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TelegramConnectBody) => callApi(telegramEndpoints.connect, { params: { projectId }, body }),
    meta: { errorMessage: 'Failed to connect the Telegram bot.' },
    onSuccess: (status) => queryClient.setQueryData(queryKeys.telegram(projectId), status),
  });
};

export const useDisconnectTelegramBot = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(telegramEndpoints.disconnect, { params: { projectId } }),
    meta: { errorMessage: 'Failed to disconnect the Telegram bot.' },
    onSuccess: () => queryClient.setQueryData(queryKeys.telegram(projectId), { connected: false }),
  });
};

/** Where the bot's new clients go; the answer is the bot as it is now. */
export const useSetTelegramRules = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TelegramRulesBody) => callApi(telegramEndpoints.rules, { params: { projectId }, body }),
    meta: { errorMessage: 'Failed to save the Telegram bot settings.' },
    onSuccess: (status) => queryClient.setQueryData(queryKeys.telegram(projectId), status),
  });
};
