import { zonedParts } from '@crm/contract';
import type { ConversationMessage } from '@crm/contract';
import { Fragment, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/ui/button';
import { cx } from '@/ui/cx';
import { LoadError } from '@/ui/empty-state';
import { Skeleton } from '@/ui/skeleton';
import { dayLabel } from '@/lib/chat-time';
import styles from '@/ui/chat.module.css';

/** Older pages load when the reader is this close to the top. */
const LOAD_OLDER_AT_PX = 200;
/** A new message scrolls into view only for a reader this close to the bottom (or after his own send). */
const STICK_TO_BOTTOM_PX = 120;
const GROUP_WITHIN_MS = 5 * 60_000;

type Props = {
  messages: ConversationMessage[];
  myId: number | null;
  timeZone: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  olderFailed: boolean;
  loadOlder: () => void;
};

const authorName = (m: ConversationMessage, mine: boolean) =>
  mine ? 'Вы' : (m.author?.name ?? 'Удалённый пользователь');

/**
 * The messages, oldest first, grouped by day. It opens at the bottom; scrolling up loads older
 * pages and keeps what the reader looks at in place; a new message scrolls into view when the
 * reader is at the bottom or sent it.
 */
export const MessageList = ({
  messages,
  myId,
  timeZone,
  hasOlder,
  loadingOlder,
  olderFailed,
  loadOlder,
}: Props) => {
  const ref = useRef<HTMLDivElement>(null);
  const fromBottom = useRef(0);
  const shown = useRef<{ first: number | null; last: number | null }>({ first: null, last: null });
  const [atBottom, setAtBottom] = useState(true);

  const first = messages[0]?.id ?? null;
  const last = messages.at(-1)?.id ?? null;
  const lastMine = messages.at(-1)?.author?.id === myId;

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const before = shown.current;
    shown.current = { first, last };
    if (
      before.last === null ||
      (last !== null && last > before.last && (lastMine || fromBottom.current < STICK_TO_BOTTOM_PX))
    ) {
      el.scrollTop = el.scrollHeight; // opened, or a new message the reader should see
    } else if (first !== null && before.first !== null && first < before.first) {
      el.scrollTop = el.scrollHeight - el.clientHeight - fromBottom.current; // older ones above: stay put
    }
    fromBottom.current = el.scrollHeight - el.clientHeight - el.scrollTop;
  }, [first, last, lastMine]);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    fromBottom.current = el.scrollHeight - el.clientHeight - el.scrollTop;
    setAtBottom(fromBottom.current < STICK_TO_BOTTOM_PX);
    if (el.scrollTop < LOAD_OLDER_AT_PX && hasOlder && !loadingOlder && !olderFailed) loadOlder();
  }, [hasOlder, loadingOlder, olderFailed, loadOlder]);

  const toBottom = () => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  };

  let day = '';
  let previous: ConversationMessage | null = null;
  return (
    <div className={styles.messagesWrap}>
      {/* A log: screen readers hear new messages as they come; focusable, so keys scroll it. */}
      <div
        ref={ref}
        className={styles.messages}
        onScroll={onScroll}
        role="log"
        aria-label="Сообщения"
        tabIndex={0}
        data-testid="messages"
      >
        {hasOlder && (
          <div className={styles.older}>
            {loadingOlder ? (
              <div className={styles.olderSkeleton} aria-busy="true">
                <span className="visually-hidden">Загружаются ранние сообщения</span>
                <Skeleton width="40%" height={40} />
                <Skeleton width="55%" height={40} />
              </div>
            ) : olderFailed ? (
              <LoadError plain text="Не удалось загрузить ранние сообщения." onRetry={loadOlder} />
            ) : (
              <Button variant="ghost" onClick={loadOlder}>
                Показать ранние сообщения
              </Button>
            )}
          </div>
        )}
        <ol className={styles.messageList}>
          {messages.map((m) => {
            const mine = m.author?.id === myId;
            const at = zonedParts(m.created_at, timeZone);
            const newDay = at.date !== day;
            day = at.date;
            // One author's run of messages within a few minutes shows his name and time once.
            const continues =
              !newDay &&
              previous !== null &&
              previous.author?.id === m.author?.id &&
              previous.from_admin === m.from_admin &&
              Date.parse(m.created_at) - Date.parse(previous.created_at) < GROUP_WITHIN_MS;
            previous = m;
            return (
              <Fragment key={m.id}>
                {newDay && (
                  <li className={styles.day} aria-hidden="true">
                    <span>{dayLabel(at.date, timeZone)}</span>
                  </li>
                )}
                <li
                  className={cx(styles.message, mine && styles.mine, continues && styles.continues)}
                  data-testid="message"
                  data-message-id={m.id}
                >
                  <span className={continues ? 'visually-hidden' : styles.messageMeta}>
                    <span className={styles.messageAuthor}>{authorName(m, mine)}</span>
                    <time dateTime={m.created_at}>
                      <span className="visually-hidden">{dayLabel(at.date, timeZone)}, </span>
                      {at.time}
                    </time>
                  </span>
                  <span className={styles.bubble}>{m.content}</span>
                </li>
              </Fragment>
            );
          })}
        </ol>
      </div>
      {!atBottom && (
        <button type="button" className={styles.toBottom} onClick={toBottom}>
          К последним сообщениям
        </button>
      )}
    </div>
  );
};

/** The pane while the first page loads: bubbles on both sides. */
export const MessagesSkeleton = () => (
  <div className={styles.messages} aria-busy="true" data-testid="messages-loading">
    <span className="visually-hidden">Сообщения загружаются</span>
    <ol className={styles.messageList} aria-hidden="true">
      {[55, 40, 70, 35, 60].map((w, i) => (
        <li key={i} className={cx(styles.message, i % 2 === 1 && styles.mine)}>
          <Skeleton width={90} height={12} />
          <Skeleton width={`${w}%`} height={44} />
        </li>
      ))}
    </ol>
  </div>
);
