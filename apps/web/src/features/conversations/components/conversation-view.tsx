import type { Conversation } from '@crm/contract';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { isApiError } from '@/lib/api-error';
import { EmptyState, LoadError } from '@/ui/empty-state';
import { Icon } from '@/ui/icons';
import { Skeleton } from '@/ui/skeleton';
import { useMessages, useSendMessage } from '../api/conversations';
import { flattenMessages } from '../lib/chat-cache';
import { Composer } from '@/ui/composer';
import { clientFullName } from './conversation-list';
import { MessageList, MessagesSkeleton } from './message-list';
import styles from '@/ui/chat.module.css';

type Props = {
  projectId: number;
  id: number;
  /** From the list, or fetched alone when the list does not hold it; undefined while it loads. */
  conversation: Conversation | undefined;
  conversationError: unknown;
  retryConversation: () => void;
  myId: number | null;
  showManager: boolean;
  timeZone: string;
  /** On a phone the list is its own screen: 'Все диалоги' goes back to it. */
  showBack: boolean;
  markRead: (id: number) => void;
};

const isVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

/** One conversation: who it is about, its messages (older on scroll up) and the reply box. */
export const ConversationView = ({
  projectId,
  id,
  conversation,
  conversationError,
  retryConversation,
  myId,
  showManager,
  timeZone,
  showBack,
  markRead,
}: Props) => {
  const messages = useMessages(projectId, id);
  const sendMutation = useSendMessage(projectId, id);
  const unread = conversation?.unread_count ?? 0;

  // Opening a conversation reads it; so does coming back to the tab with it open.
  useEffect(() => {
    if (unread === 0) return;
    if (isVisible()) {
      markRead(id);
      return;
    }
    const onVisible = () => {
      if (isVisible()) markRead(id);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [id, unread, markRead]);

  const back = showBack && (
    <Link to={paths.adminChat} className={styles.back}>
      <Icon name="chevronLeft" size={18} />
      Все диалоги
    </Link>
  );

  const notFound =
    (isApiError(conversationError) && conversationError.status === 404) ||
    (isApiError(messages.error) && messages.error.status === 404);
  if (notFound) {
    return (
      <div className={styles.view}>
        {back && <div className={styles.viewHead}>{back}</div>}
        <EmptyState plain icon="chat" text="Диалог не найден: его нет или он вам недоступен." />
      </div>
    );
  }

  return (
    <div className={styles.view} data-testid="conversation-view">
      <div className={styles.viewHead}>
        {back}
        {conversation ? (
          <div className={styles.viewTitle}>
            <h2 className={styles.viewName}>
              {/* The client's own page (docs/product.md §4.8, "The client's page"). */}
              <Link to={paths.client(conversation.client.id)} className={styles.clientLink}>
                {clientFullName(conversation.client)}
              </Link>
            </h2>
            {showManager && <p className={styles.viewSub}>Менеджер: {conversation.manager.name}</p>}
          </div>
        ) : conversationError ? (
          <LoadError plain text="Не удалось загрузить диалог." onRetry={retryConversation} />
        ) : (
          <div className={styles.viewTitle} aria-hidden="true">
            <Skeleton width={180} height={18} />
          </div>
        )}
      </div>
      {messages.isPending ? (
        <MessagesSkeleton />
      ) : messages.isError && !messages.data ? (
        <div className={styles.messages}>
          <LoadError plain text="Не удалось загрузить сообщения." onRetry={() => void messages.refetch()} />
        </div>
      ) : (
        <MessageList
          key={id}
          messages={flattenMessages(messages.data)}
          myId={myId}
          timeZone={timeZone}
          hasOlder={messages.hasNextPage}
          loadingOlder={messages.isFetchingNextPage}
          olderFailed={messages.isFetchNextPageError}
          loadOlder={() => void messages.fetchNextPage()}
        />
      )}
      <Composer send={(content) => sendMutation.mutateAsync(content)} sending={sendMutation.isPending} />
    </div>
  );
};
