import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  conversationsEndpoints,
  type ConversationCreateBody,
  type ConversationMessage,
  type ConversationsList,
} from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { addMessage, applyMessageToList, applyReadToList, type MessagePages } from '../lib/chat-cache';

export const GET_CONVERSATIONS_FAILED = 'Failed to get conversations.';
export const GET_MESSAGES_FAILED = 'Failed to get messages.';
export const SEND_MESSAGE_FAILED = 'Failed to send message. Please try again.';
export const SEND_QUESTION_FAILED = 'Failed to send question. Please try again.';

/** GET …/conversations: the caller's conversations, the latest message first, with the unread total. */
export const conversationsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.conversations.list(projectId),
    queryFn: ({ signal }) => callApi(conversationsEndpoints.list, { params: { projectId }, signal }),
  });

export const useConversations = (projectId: number | null) =>
  useQuery({ ...conversationsQueryOptions(projectId ?? 0), enabled: projectId !== null });

/** GET …/conversations/{id}: one conversation opened by its link but absent from the list. */
export const useConversation = (projectId: number | null, id: number | null) =>
  useQuery({
    queryKey: queryKeys.conversations.one(projectId ?? 0, id ?? 0),
    queryFn: ({ signal }) =>
      callApi(conversationsEndpoints.show, { params: { projectId: projectId ?? 0, id: id ?? 0 }, signal }),
    enabled: projectId !== null && id !== null,
    retry: false,
  });

/** GET …/conversations/{id}/message?page: page 1 is the newest 30; scrolling up loads older pages. */
export const messagesQueryOptions = (projectId: number, id: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.conversations.messages(projectId, id),
    queryFn: ({ pageParam, signal }) =>
      callApi(conversationsEndpoints.messages, {
        params: { projectId, id },
        query: { page: pageParam },
        signal,
      }).then((answer) => answer.messages),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });

export const useMessages = (projectId: number, id: number) =>
  useInfiniteQuery(messagesQueryOptions(projectId, id));

/**
 * A new message, from the stream or our own send: the open pages show it at once. A conversation
 * the list does not hold yet (a new question) makes the list be fetched again.
 */
export const receiveMessage = (
  queryClient: QueryClient,
  projectId: number,
  message: ConversationMessage,
  unread: boolean,
) => {
  queryClient.setQueryData<MessagePages>(
    queryKeys.conversations.messages(projectId, message.conversation_id),
    (data) => addMessage(data, message),
  );
  const list = queryClient.getQueryData<ConversationsList>(queryKeys.conversations.list(projectId));
  const next = list ? applyMessageToList(list, message, unread) : null;
  if (next) queryClient.setQueryData(queryKeys.conversations.list(projectId), next);
  else void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.list(projectId) });
};

/** PUT …/conversations/{id}/message: a reply, shown as soon as the server has it. */
export const useSendMessage = (projectId: number, id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      callApi(conversationsEndpoints.send, { params: { projectId, id }, body: { content } }),
    meta: { errorMessage: SEND_MESSAGE_FAILED },
    onSuccess: (message) => receiveMessage(queryClient, projectId, message, false),
  });
};

/** PUT …/conversations/{id}/read: the badge goes; the total comes back from the server. */
export const useMarkConversationRead = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(conversationsEndpoints.markRead, { params: { projectId, id } }),
    onSuccess: (answer, id) => {
      queryClient.setQueryData<ConversationsList>(queryKeys.conversations.list(projectId), (list) =>
        list ? applyReadToList(list, id, answer.unread_total) : list,
      );
      // A chat message's notification may have been read with it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all(projectId) });
    },
  });
};

/** POST …/conversations: a question about a client (opens his conversation or adds to it). */
export const useAskQuestion = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConversationCreateBody) =>
      callApi(conversationsEndpoints.create, { params: { projectId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.conversations.all(projectId) }),
  });
};
