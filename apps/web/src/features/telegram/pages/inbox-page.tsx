import type { InboxThread } from '@crm/contract';
import { Link, useSearchParams } from 'react-router';
import { listTime } from '@/lib/chat-time';
import { initials } from '@/lib/initials';
import { paths } from '@/lib/paths';
import { plural } from '@/lib/plural';
import { useProjectTimeZone } from '@/lib/project-time-zone';
import { useSession } from '@/lib/session-context';
import { Avatar } from '@/ui/avatar';
import { Button } from '@/ui/button';
import { ButtonLink } from '@/ui/button-link';
import chat from '@/ui/chat.module.css';
import { cx } from '@/ui/cx';
import { EmptyState, LoadError } from '@/ui/empty-state';
import { Icon } from '@/ui/icons';
import { PageHeader } from '@/ui/page-header';
import { Skeleton } from '@/ui/skeleton';
import { MOBILE_QUERY, useMediaQuery } from '@/ui/use-media-query';
import { useInbox, type InboxFilter } from '../api/client-messages';
import { ClientConversation } from '../components/client-conversation';
import styles from './inbox-page.module.css';

const parseId = (raw: string | null): number | null => (raw !== null && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null);
const fullName = (client: InboxThread['client']) => `${client.name} ${client.last_name}`.trim();

const ThreadItem = ({ thread, active, showManager, myId, timeZone, filter }: { thread: InboxThread; active: boolean; showManager: boolean; myId: number | null; timeZone: string; filter: InboxFilter }) => {
  const name = fullName(thread.client);
  const last = thread.last_message;
  const who = last.direction === 'in' ? '' : last.author?.id === myId ? 'Вы: ' : `${last.author?.name ?? 'Команда'}: `;
  const unread = thread.unread_count;
  return (
    <li>
      <Link
        to={`${paths.inboxClient(thread.client.id)}${filter === 'mine' ? '&filter=mine' : ''}`}
        className={cx(chat.item, active && chat.itemActive, unread > 0 && chat.itemUnread)}
        aria-current={active ? 'page' : undefined}
        data-testid="inbox-thread"
        data-client-id={thread.client.id}
      >
        <Avatar>{initials(name)}</Avatar>
        <span className={chat.itemBody}>
          <span className={chat.itemTop}>
            <span className={chat.itemName}>{name}</span>
            <time className={chat.itemTime} dateTime={last.created_at}>
              {listTime(last.created_at, timeZone)}
            </time>
          </span>
          {showManager && <span className={chat.itemManager}>Менеджер: {thread.manager.name}</span>}
          <span className={chat.itemBottom}>
            <span className={chat.itemPreview}>
              {last.direction === 'out' && last.status === 'failed' && <span className={styles.failedMark}>Не отправлено · </span>}
              {who}
              {last.text}
            </span>
            {unread > 0 && (
              <span className={chat.unreadBadge} data-testid="inbox-unread">
                {unread > 99 ? '99+' : unread}
                <span className="visually-hidden"> {plural(unread, ['непрочитанное сообщение', 'непрочитанных сообщения', 'непрочитанных сообщений'])}</span>
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
};

/**
 * /inbox (docs/product.md, "Telegram"): clients' Telegram conversations, the newest message first
 * (an admin sees all or his own, a manager his clients'), the open one (`?client=<id>`) on the
 * right; on a phone two screens. Everything arrives live (useInboxLive, in the layout).
 */
export const InboxPage = () => {
  const { isAdmin, projectId, user } = useSession();
  const [params, setParams] = useSearchParams();
  const openId = parseId(params.get('client'));
  const filter: InboxFilter = isAdmin && params.get('filter') !== 'mine' ? 'all' : 'mine';
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const timeZone = useProjectTimeZone();
  const inbox = useInbox(projectId, isAdmin ? filter : 'all');
  const threads = inbox.data?.pages.flatMap((page) => page.threads) ?? [];
  const open = threads.find((t) => t.client.id === openId);

  const setFilter = (next: InboxFilter) => {
    const query = new URLSearchParams(params);
    if (next === 'mine') query.set('filter', 'mine');
    else query.delete('filter');
    setParams(query);
  };

  const title = 'Входящие';
  if (inbox.isSuccess && threads.length === 0 && openId === null && filter === 'all') {
    return (
      <>
        <PageHeader title={title} />
        <EmptyState
          icon="inbox"
          text={
            isAdmin
              ? 'Переписки пока нет. Когда клиенты напишут Telegram-боту проекта, их сообщения появятся здесь, и на них можно будет ответить.'
              : 'Переписки пока нет. Когда ваши клиенты напишут Telegram-боту проекта, их сообщения появятся здесь.'
          }
          action={isAdmin ? <ButtonLink to={paths.telegram}>Подключить бота</ButtonLink> : undefined}
        />
      </>
    );
  }

  const showList = !isMobile || openId === null;
  const showChat = !isMobile || openId !== null;
  return (
    <>
      <PageHeader title={title} />
      <div className={cx(chat.layout, isMobile && chat.layoutSingle)} data-testid="inbox">
        {showList && (
          <section className={chat.listPane} aria-label="Переписки">
            {isAdmin && (
              <div className={styles.filters} role="group" aria-label="Чьи клиенты">
                {(['all', 'mine'] as const).map((value) => (
                  <button key={value} type="button" className={cx(styles.chip, filter === value && styles.chipActive)} aria-pressed={filter === value} onClick={() => setFilter(value)}>
                    {value === 'all' ? 'Все' : 'Мои клиенты'}
                  </button>
                ))}
              </div>
            )}
            {inbox.isPending ? (
              <ul className={chat.items} aria-busy="true">
                <li className="visually-hidden">Переписки загружаются</li>
                {[0, 1, 2, 3].map((i) => (
                  <li key={i} className={chat.item} aria-hidden="true">
                    <Skeleton width={36} height={36} />
                    <span className={chat.itemBody}>
                      <Skeleton width="55%" height={14} />
                      <Skeleton width="85%" height={12} />
                    </span>
                  </li>
                ))}
              </ul>
            ) : inbox.isError && !inbox.data ? (
              <LoadError plain text="Не удалось загрузить переписки." onRetry={() => void inbox.refetch()} />
            ) : threads.length === 0 ? (
              <EmptyState plain icon="inbox" text="У ваших клиентов переписки пока нет." />
            ) : (
              <>
                <ul className={chat.items} aria-label="Переписки">
                  {threads.map((thread) => (
                    <ThreadItem key={thread.client.id} thread={thread} active={thread.client.id === openId} showManager={isAdmin} myId={user?.id ?? null} timeZone={timeZone} filter={isAdmin ? filter : 'all'} />
                  ))}
                </ul>
                {inbox.hasNextPage && (
                  <div className={styles.more}>
                    <Button variant="ghost" onClick={() => void inbox.fetchNextPage()} loading={inbox.isFetchingNextPage}>
                      Показать ещё
                    </Button>
                  </div>
                )}
              </>
            )}
          </section>
        )}
        {showChat && (
          <section className={chat.chatPane} aria-label="Переписка">
            {openId !== null && projectId !== null ? (
              <div className={chat.view} key={openId}>
                <div className={chat.viewHead}>
                  {isMobile && (
                    <Link to={`${paths.inbox}${filter === 'mine' ? '?filter=mine' : ''}`} className={chat.back}>
                      <Icon name="chevronLeft" size={18} />
                      Все переписки
                    </Link>
                  )}
                  <div className={chat.viewTitle}>
                    <h2 className={chat.viewName}>
                      <Link to={paths.client(openId)} className={chat.clientLink}>
                        {open ? fullName(open.client) : 'Клиент'}
                      </Link>
                    </h2>
                    {open && (
                      <p className={chat.viewSub}>
                        {open.username ? `@${open.username} · ` : ''}
                        {isAdmin ? `Менеджер: ${open.manager.name}` : 'Telegram'}
                      </p>
                    )}
                  </div>
                </div>
                <ClientConversation projectId={projectId} clientId={openId} clientName={open ? fullName(open.client) : 'Клиент'} />
              </div>
            ) : (
              <EmptyState plain icon="inbox" text="Выберите переписку слева, чтобы открыть её." />
            )}
          </section>
        )}
      </div>
    </>
  );
};
