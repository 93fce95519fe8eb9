import type { Conversation, ConversationsList } from '@crm/contract';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { initials } from '@/lib/initials';
import { plural } from '@/lib/plural';
import { Avatar } from '@/ui/avatar';
import { cx } from '@/ui/cx';
import { EmptyState, LoadError } from '@/ui/empty-state';
import { Skeleton } from '@/ui/skeleton';
import { listTime } from '@/lib/chat-time';
import styles from '@/ui/chat.module.css';

export const conversationLink = (id: number) => `${paths.adminChat}?conversation=${id}`;

export const clientFullName = (client: Conversation['client']) => `${client.name} ${client.last_name}`.trim();

type ItemProps = {
  conversation: Conversation;
  active: boolean;
  showManager: boolean;
  myId: number | null;
  timeZone: string;
};

const ConversationItem = ({ conversation: c, active, showManager, myId, timeZone }: ItemProps) => {
  const name = clientFullName(c.client);
  const latest = c.latest_message;
  const mine = latest?.author?.id === myId;
  const unread = c.unread_count;
  return (
    <li>
      <Link
        to={conversationLink(c.id)}
        className={cx(styles.item, active && styles.itemActive, unread > 0 && styles.itemUnread)}
        aria-current={active ? 'page' : undefined}
        data-testid="conversation"
        data-conversation-id={c.id}
      >
        <Avatar>{initials(name)}</Avatar>
        <span className={styles.itemBody}>
          <span className={styles.itemTop}>
            <span className={styles.itemName}>{name}</span>
            {latest && (
              <time className={styles.itemTime} dateTime={latest.created_at}>
                {listTime(latest.created_at, timeZone)}
              </time>
            )}
          </span>
          {showManager && <span className={styles.itemManager}>Менеджер: {c.manager.name}</span>}
          <span className={styles.itemBottom}>
            <span className={styles.itemPreview} data-testid="conversation-preview">
              {latest ? `${mine ? 'Вы: ' : ''}${latest.content}` : 'Сообщений пока нет'}
            </span>
            {unread > 0 && (
              <span className={styles.unreadBadge} data-testid="conversation-unread">
                {unread > 99 ? '99+' : unread}
                <span className="visually-hidden">
                  {' '}
                  {plural(unread, [
                    'непрочитанное сообщение',
                    'непрочитанных сообщения',
                    'непрочитанных сообщений',
                  ])}
                </span>
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
};

type ListProps = {
  query: { data?: ConversationsList; isPending: boolean; isError: boolean; refetch: () => unknown };
  activeId: number | null;
  showManager: boolean;
  myId: number | null;
  timeZone: string;
  emptyText: string;
};

/** The conversations, the latest message first; each opens on the right (or as its own screen on a phone). */
export const ConversationList = ({ query, activeId, showManager, myId, timeZone, emptyText }: ListProps) => {
  if (query.isPending) {
    return (
      <ul className={styles.items} aria-busy="true" data-testid="conversations-loading">
        <li className="visually-hidden">Диалоги загружаются</li>
        {[0, 1, 2, 3, 4].map((i) => (
          <li key={i} className={styles.item} aria-hidden="true">
            <Skeleton width={36} height={36} />
            <span className={styles.itemBody}>
              <Skeleton width="55%" height={14} />
              <Skeleton width="85%" height={12} />
            </span>
          </li>
        ))}
      </ul>
    );
  }
  if (query.isError || !query.data) {
    return <LoadError plain text="Не удалось загрузить диалоги." onRetry={() => void query.refetch()} />;
  }
  const { conversations, truncated } = query.data;
  if (conversations.length === 0) return <EmptyState plain icon="chat" text={emptyText} />;
  return (
    <>
      <ul className={styles.items} aria-label="Диалоги">
        {conversations.map((c) => (
          <ConversationItem
            key={c.id}
            conversation={c}
            active={c.id === activeId}
            showManager={showManager}
            myId={myId}
            timeZone={timeZone}
          />
        ))}
      </ul>
      {truncated && <p className={styles.truncated}>Показаны диалоги с последними сообщениями.</p>}
    </>
  );
};
