import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { clientMessagesEndpoints as api, type ClientMessage, type ClientMessagesAnswer } from '@crm/contract';
import { useState } from 'react';
import { callApi, uploadFile } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type InboxFilter = 'mine' | 'all';

/** GET …/inbox: conversations by pages of 50, the newest message first. */
export const useInbox = (projectId: number | null, filter: InboxFilter) =>
  useInfiniteQuery({
    queryKey: queryKeys.inbox.list(projectId ?? 0, filter),
    queryFn: ({ pageParam, signal }) =>
      callApi(api.inbox, { params: { projectId: projectId! }, query: { filter, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: projectId !== null,
  });

/** GET …/inbox/unread: the menu's badge. */
export const useInboxUnread = (projectId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.inbox.unread(projectId ?? 0),
    queryFn: ({ signal }) => callApi(api.unread, { params: { projectId: projectId! }, signal }),
    enabled: projectId !== null && enabled,
    select: (answer) => answer.unread_total,
  });

export type MessagePages = InfiniteData<ClientMessagesAnswer, number | null>;

/** GET …/clients/{id}/messages: the newest 50, older ones by `before` as the reader scrolls up. */
export const clientMessagesQueryOptions = (projectId: number, clientId: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.inbox.client(projectId, clientId),
    queryFn: ({ pageParam, signal }) =>
      callApi(api.list, { params: { projectId, clientId }, query: pageParam === null ? {} : { before: pageParam }, signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => (last.has_more && last.messages[0] ? last.messages[0].id : undefined),
  });

export const useClientMessages = (projectId: number, clientId: number) =>
  useInfiniteQuery(clientMessagesQueryOptions(projectId, clientId));

/** The pages' messages, oldest first. */
export const flattenClientMessages = (data: { pages: ClientMessagesAnswer[] } | undefined): ClientMessage[] =>
  data ? [...data.pages].reverse().flatMap((page) => page.messages) : [];

/**
 * A message new or changed (the stream, or our own answer as the server took it): put in place
 * by id in the cached conversation; the inbox and the badge are read again. A sent answer never
 * goes back to 'sending' (the stream may tell 'sent' before our own request returns), and our own
 * answer only adds what the stream has not brought yet.
 */
export function receiveClientMessage(queryClient: QueryClient, projectId: number, message: ClientMessage, own = false) {
  queryClient.setQueryData<MessagePages>(queryKeys.inbox.client(projectId, message.client_id), (data) => {
    if (!data || data.pages.length === 0) return data;
    const cached = data.pages.flatMap((page) => page.messages).find((m) => m.id === message.id);
    if (cached && (own || (cached.status === 'sent' && message.status !== 'sent'))) return data;
    const pages = data.pages.map((page, index) => {
      if (cached) return { ...page, messages: page.messages.map((m) => (m.id === message.id ? message : m)) };
      // The newest page is the first: a new message goes at its end.
      return index === 0 ? { ...page, messages: [...page.messages, message] } : page;
    });
    return { ...data, pages };
  });
  void queryClient.invalidateQueries({ queryKey: [...queryKeys.inbox.all(projectId), 'list'] });
  void queryClient.invalidateQueries({ queryKey: queryKeys.inbox.unread(projectId) });
}

/** POST …/clients/{id}/messages: the answer shows at once as 'Отправляется', then follows live. */
export const useReplyToClient = (projectId: number, clientId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => callApi(api.reply, { params: { projectId, clientId }, body: { text } }),
    meta: { errorMessage: 'Failed to send the answer.' },
    onSuccess: (message) => receiveClientMessage(queryClient, projectId, message, true),
  });
};

/** POST …/messages/file: an answer with a photo or a file and its caption, with the upload's progress. */
export const useSendFileToClient = (projectId: number, clientId: number) => {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: ({ file, caption }: { file: File; caption: string }) =>
      uploadFile(api.sendFile, { params: { projectId, clientId }, file, fields: caption ? { text: caption } : {}, onProgress: setProgress }),
    meta: { errorMessage: 'Failed to send the file.' },
    onSuccess: (message) => receiveClientMessage(queryClient, projectId, message, true),
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
};

/** POST …/messages/{id}/retry: a failed answer sent again. */
export const useRetryClientMessage = (projectId: number, clientId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) => callApi(api.retry, { params: { projectId, clientId, messageId } }),
    meta: { errorMessage: 'Failed to send the answer again.' },
    onSuccess: (message) => receiveClientMessage(queryClient, projectId, message, true),
  });
};

/** PUT …/messages/read: the conversation's badge goes; the menu's total comes back. */
export const useMarkClientRead = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: number) => callApi(api.markRead, { params: { projectId, clientId } }),
    onSuccess: (answer, clientId) => {
      queryClient.setQueryData(queryKeys.inbox.unread(projectId), answer);
      queryClient.setQueryData<MessagePages>(queryKeys.inbox.client(projectId, clientId), (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, unread_count: 0 })) } : data,
      );
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.inbox.all(projectId), 'list'] });
      // The bell's notice about this client was read with it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all(projectId) });
    },
  });
};
