import { Link } from 'react-router';
import type { AiChat } from '@crm/contract';
import { formatDate, formatTime } from '@/lib/dates';
import { cx } from '@/ui/cx';
import { LoadError } from '@/ui/empty-state';
import { Skeleton, Loading } from '@/ui/skeleton';
import styles from './chat.module.css';

const isToday = (iso: string) => new Date(iso).toDateString() === new Date().toDateString();
/** Today's chats show their time, older ones their date. */
const when = (iso: string) => (isToday(iso) ? formatTime(iso) : formatDate(iso));

type ChatListProps = {
  chats: AiChat[] | undefined;
  failed: boolean;
  onRetry: () => void;
  selectedId: number | null;
};

/** The person's AI chats, the latest activity first; each opens with `?chat=`. */
export const ChatList = ({ chats, failed, onRetry, selectedId }: ChatListProps) => {
  if (failed && !chats) return <LoadError plain text="Не удалось загрузить чаты." onRetry={onRetry} />;
  if (!chats) {
    return (
      <Loading className={styles.listSkeleton} label="Загрузка чатов">
        {[0, 1, 2].map((i) => (
          <div key={i} className={styles.listSkeletonRow}>
            <Skeleton width="70%" height={14} />
            <Skeleton width="40%" height={12} />
          </div>
        ))}
      </Loading>
    );
  }
  if (chats.length === 0) {
    return <p className={styles.listEmpty}>Чатов пока нет: начните первый, выбрав промпт.</p>;
  }
  const sorted = [...chats].sort((a, b) => b.updated_at.localeCompare(a.updated_at) || b.id - a.id);
  return (
    <ul className={styles.chatList} data-testid="ai-chat-list">
      {sorted.map((chat) => {
        const selected = chat.id === selectedId;
        return (
          <li key={chat.id}>
            <Link
              to={{ search: `?chat=${chat.id}` }}
              className={cx(styles.chatLink, selected && styles.chatLinkSelected)}
              aria-current={selected ? 'page' : undefined}
              data-testid="ai-chat-link"
            >
              <span className={styles.chatTitle}>{chat.title}</span>
              <time className={styles.chatTime} dateTime={chat.updated_at}>
                {when(chat.updated_at)}
              </time>
              {chat.answers[0] && (
                <span className={styles.chatPreview}>{chat.answers.map((a) => a.answer).join(' · ')}</span>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
};
