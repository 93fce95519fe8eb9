import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { telegramLinksEndpoints as api } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The caller's own Telegram for notices; polled while a link he opened is waiting (`waiting`). */
export const useMyTelegramLink = (projectId: number, waiting = false) =>
  useQuery({
    queryKey: queryKeys.telegramLink.mine(projectId),
    queryFn: ({ signal }) => callApi(api.status, { params: { projectId }, signal }),
    refetchInterval: waiting ? 3_000 : false,
    meta: { errorMessage: 'Failed to get the Telegram link.' },
  });

/** A new one-time link t.me/<bot>?start=… (an older unused one stops working). */
export const useCreateTelegramLink = (projectId: number) =>
  useMutation({
    mutationFn: () => callApi(api.createCode, { params: { projectId } }),
    meta: { errorMessage: 'Failed to create the Telegram link.' },
  });

export const useUnlinkTelegram = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(api.unlink, { params: { projectId } }),
    meta: { errorMessage: 'Failed to unlink Telegram.' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.telegramLink.mine(projectId) }),
  });
};

/** Who of the project linked his Telegram (admins: the team's list). */
export const useLinkedMembers = (projectId: number) =>
  useQuery({
    queryKey: queryKeys.telegramLink.members(projectId),
    queryFn: ({ signal }) => callApi(api.linkedMembers, { params: { projectId }, signal }),
    staleTime: 30_000,
    meta: { errorMessage: 'Failed to get the linked Telegram accounts.' },
  });
