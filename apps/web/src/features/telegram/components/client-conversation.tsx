import { CLIENT_CAPTION_MAX, CLIENT_REPLY_MAX, zonedParts, type ClientMessage } from '@crm/contract';
import { Fragment, useEffect, useLayoutEffect, useRef } from 'react';
import { dayLabel } from '@/lib/chat-time';
import { isApiError } from '@/lib/api-error';
import { useProjectTimeZone } from '@/lib/project-time-zone';
import { useSession } from '@/lib/session-context';
import { Button } from '@/ui/button';
import chat from '@/ui/chat.module.css';
import { Composer } from '@/ui/composer';
import { cx } from '@/ui/cx';
import { EmptyState, LoadError } from '@/ui/empty-state';
import { Skeleton } from '@/ui/skeleton';
import {
  flattenClientMessages,
  useClientMessages,
  useMarkClientRead,
  useReplyToClient,
  useRetryClientMessage,
  useSendFileToClient,
} from '../api/client-messages';
import { openClientConversation } from '../lib/reading';
import { MessageFile } from './message-file';
import styles from './client-conversation.module.css';

type Props = {
  projectId: number;
  clientId: number;
  /** The client's name, for his own messages. */
  clientName: string;
};

const isVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

/** An answer's state under its bubble: sending (or waiting, with why), sent, or failed with the reason and 'again'. */
const AnswerState = ({ message, retry, retrying }: { message: ClientMessage; retry: () => void; retrying: boolean }) => {
  if (message.direction === 'in') return null;
  if (message.status === 'failed') {
    return (
      <span className={cx(styles.state, styles.failed)} data-testid="message-state" data-state="failed">
        Не отправлено: {message.error}
        <Button variant="ghost" className={styles.again} onClick={retry} loading={retrying}>
          Отправить ещё раз
        </Button>
      </span>
    );
  }
  return (
    <span className={styles.state} data-testid="message-state" data-state={message.status}>
      {message.status === 'sent' ? 'Отправлено' : message.error ? `Отправляется: ${message.error}` : 'Отправляется…'}
    </span>
  );
};

/**
 * A client's Telegram conversation (docs/product.md, "Telegram"): his messages on the left, the
 * team's answers on the right with their state, older ones on request, and the reply box. Opening
 * it reads it; new messages arrive live (useInboxLive in the layout).
 */
export const ClientConversation = ({ projectId, clientId, clientName }: Props) => {
  const { user } = useSession();
  const timeZone = useProjectTimeZone();
  const query = useClientMessages(projectId, clientId);
  const reply = useReplyToClient(projectId, clientId);
  const sendFile = useSendFileToClient(projectId, clientId);
  const retry = useRetryClientMessage(projectId, clientId);
  const { mutate: markRead, isPending: marking } = useMarkClientRead(projectId);
  const messages = flattenClientMessages(query.data);
  const head = query.data?.pages[0];
  const unread = head?.unread_count ?? 0;
  const list = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id ?? null;

  useEffect(() => openClientConversation(clientId), [clientId]);

  useEffect(() => {
    if (unread === 0 || marking) return;
    if (isVisible()) {
      markRead(clientId);
      return;
    }
    const onVisible = () => isVisible() && markRead(clientId);
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [clientId, unread, marking, markRead]);

  // Opens at the newest message and follows new ones.
  useLayoutEffect(() => {
    const el = list.current;
    if (el && lastId !== null) el.scrollTop = el.scrollHeight;
  }, [lastId]);

  // A photo that arrives after its message grows the list, a file chosen shrinks it: one who was
  // at the newest message stays there.
  const atBottom = useRef(true);
  const content = useRef<HTMLOListElement>(null);
  const hasMessages = messages.length > 0;
  useEffect(() => {
    const el = list.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    if (content.current) observer.observe(content.current);
    return () => observer.disconnect();
  }, [query.isPending, hasMessages]);
  const onScroll = () => {
    const el = list.current;
    if (el) atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
  };

  if (query.isPending) {
    return (
      <div className={cx(chat.messages, styles.messages)} aria-busy="true" data-testid="client-messages-loading">
        <span className="visually-hidden">Переписка загружается</span>
        <Skeleton width="50%" height={40} />
        <Skeleton width="40%" height={40} />
      </div>
    );
  }
  if (query.isError && !query.data) {
    if (isApiError(query.error) && query.error.status === 404) {
      return <EmptyState plain icon="chat" text="Переписка не найдена: клиента нет или он вам недоступен." />;
    }
    return <LoadError plain text="Не удалось загрузить переписку." onRetry={() => void query.refetch()} />;
  }

  const canReply = head?.chat?.can_reply ?? false;
  let day = '';
  return (
    <div className={styles.conversation} data-testid="client-conversation">
      <div ref={list} className={cx(chat.messages, styles.messages)} role="log" aria-label="Переписка в Telegram" tabIndex={0} onScroll={onScroll}>
        {query.hasNextPage && (
          <div className={chat.older}>
            {query.isFetchNextPageError ? (
              <LoadError plain text="Не удалось загрузить ранние сообщения." onRetry={() => void query.fetchNextPage()} />
            ) : (
              <Button variant="ghost" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
                Показать ранние сообщения
              </Button>
            )}
          </div>
        )}
        {messages.length === 0 ? (
          <p className={styles.none}>Сообщений пока нет.</p>
        ) : (
          <ol className={chat.messageList} ref={content}>
            {messages.map((m) => {
              const at = zonedParts(m.created_at, timeZone);
              const newDay = at.date !== day;
              day = at.date;
              const out = m.direction === 'out';
              const author = out ? (m.author?.id === user?.id ? 'Вы' : (m.author?.name ?? 'Удалённый пользователь')) : clientName;
              return (
                <Fragment key={m.id}>
                  {newDay && (
                    <li className={chat.day} aria-hidden="true">
                      <span>{dayLabel(at.date, timeZone)}</span>
                    </li>
                  )}
                  <li className={cx(chat.message, out && chat.mine)} data-testid="client-message" data-message-id={m.id} data-direction={m.direction}>
                    <span className={chat.messageMeta}>
                      <span className={chat.messageAuthor}>{author}</span>
                      <time dateTime={m.created_at}>
                        <span className="visually-hidden">{dayLabel(at.date, timeZone)}, </span>
                        {at.time}
                      </time>
                    </span>
                    <span className={cx(chat.bubble, m.kind !== 'text' && styles.special)}>{m.text}</span>
                    {m.file && <MessageFile projectId={projectId} message={{ ...m, file: m.file }} />}
                    <AnswerState message={m} retry={() => retry.mutate(m.id)} retrying={retry.isPending && retry.variables === m.id} />
                  </li>
                </Fragment>
              );
            })}
          </ol>
        )}
      </div>
      {canReply ? (
        <Composer
          send={(text) => reply.mutateAsync(text)}
          sending={reply.isPending || sendFile.isPending}
          max={CLIENT_REPLY_MAX}
          attach={{ send: (file, caption) => sendFile.mutateAsync({ file, caption }), captionMax: CLIENT_CAPTION_MAX, progress: sendFile.progress }}
        />
      ) : (
        <p className={styles.cannot} data-testid="cannot-reply">
          {head?.chat
            ? 'Ответить нельзя: Telegram-бот проекта отключён. Администратор может подключить его в настройках проекта.'
            : 'Клиент не писал боту проекта в Telegram.'}
        </p>
      )}
    </div>
  );
};

/** A client's conversation on his page and in his panel: shown once he has written to the bot. */
export default function ClientTelegram({ clientId, clientName }: { clientId: number; clientName: string }) {
  const { projectId } = useSession();
  const query = useClientMessages(projectId ?? 0, clientId);
  if (projectId === null || !query.data || (query.data.pages[0]?.chat === null && query.data.pages[0]?.messages.length === 0)) return null;
  return (
    <section className={styles.section} aria-label="Telegram" data-testid="client-telegram">
      <h3 className={styles.sectionTitle}>Telegram</h3>
      <ClientConversation projectId={projectId} clientId={clientId} clientName={clientName} />
    </section>
  );
}
