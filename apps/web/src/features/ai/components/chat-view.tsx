import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { AI_MESSAGE_MAX, tooLong, type AiChat, type AiMessage } from '@crm/contract';
import { formatDateTime, formatTime } from '@/lib/dates';
import { Button } from '@/ui/button';
import { cx } from '@/ui/cx';
import { LoadError } from '@/ui/empty-state';
import { Icon } from '@/ui/icons';
import { Skeleton, Loading } from '@/ui/skeleton';
import { MOBILE_QUERY } from '@/ui/use-media-query';
import { useAiMessages } from '@/features/ai/api/get-ai-messages';
import { useAiConversation, type PendingExchange } from './use-ai-conversation';
import styles from './chat.module.css';

const STATUS_NOTES: Record<AiMessage['status'], string | null> = {
  complete: null,
  stopped: 'Ответ остановлен',
  failed: 'Ответ прерван',
};

/** A message: plain text with its line breaks (never HTML), the reply's state when cut short. */
const Bubble = ({
  role,
  content,
  status,
  time,
  streaming = false,
}: {
  role: AiMessage['role'];
  content: string;
  status?: AiMessage['status'];
  time?: string;
  streaming?: boolean;
}) => {
  const note = status ? STATUS_NOTES[status] : null;
  return (
    <li
      className={cx(styles.message, role === 'user' ? styles.mine : styles.theirs)}
      data-testid={role === 'user' ? 'ai-user-message' : 'ai-reply'}
      data-status={streaming ? 'streaming' : status}
    >
      <span className="visually-hidden">{role === 'user' ? 'Вы: ' : 'GPT: '}</span>
      <div className={cx(styles.bubble, status && status !== 'complete' && styles.bubbleCut)}>
        {content === '' && streaming ? (
          <span className={styles.typing} role="img" aria-label="GPT печатает">
            <span />
            <span />
            <span />
          </span>
        ) : (
          <p className={styles.text}>
            {content}
            {streaming && <span className={styles.caret} aria-hidden="true" />}
          </p>
        )}
      </div>
      {(note || time) && (
        <span className={styles.meta}>
          {note && (
            <span className={styles.cutNote} data-testid="ai-reply-status">
              <Icon name="alert" size={14} />
              {note}
            </span>
          )}
          {time && (
            <time dateTime={time} title={formatDateTime(time)}>
              {formatTime(time)}
            </time>
          )}
        </span>
      )}
    </li>
  );
};

const PendingBubbles = ({ pending }: { pending: PendingExchange }) => (
  <>
    <Bubble role="user" content={pending.content} time={pending.user?.created_at} />
    <Bubble role="assistant" content={pending.reply} streaming />
  </>
);

type ChatViewProps = {
  projectId: number;
  chat: AiChat;
  notConfigured: boolean;
  onNotConfigured: () => void;
  /** Phones: back to the list of chats. */
  onBack?: () => void;
};

/**
 * One AI chat: its answers, its messages, the reply streaming in piece by piece, and the composer
 * (Enter sends, Shift+Enter starts a new line; 'Остановить' while the reply comes).
 */
export const ChatView = ({ projectId, chat, notConfigured, onNotConfigured, onBack }: ChatViewProps) => {
  const messagesQuery = useAiMessages(projectId, chat.id);
  const { pending, notice, dismissNotice, send, stop } = useAiConversation(
    projectId,
    chat.id,
    onNotConfigured,
  );
  const [draft, setDraft] = useState('');
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const stickRef = useRef(true);
  const over = draft.length > AI_MESSAGE_MAX;
  const streaming = pending !== null;

  const messages = messagesQuery.data;

  // Follows the latest message unless the person has scrolled up to read.
  const onScroll = () => {
    const log = logRef.current;
    if (log) stickRef.current = log.scrollHeight - log.scrollTop - log.clientHeight < 80;
  };
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log && stickRef.current) log.scrollTop = log.scrollHeight;
  }, [messages, pending, notice]);

  useEffect(() => {
    // A phone would open its keyboard over the messages just opened.
    if (!window.matchMedia(MOBILE_QUERY).matches) inputRef.current?.focus({ preventScroll: true });
  }, [chat.id]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const content = draft.trim();
    if (content === '' || over || streaming || notConfigured) return;
    setDraft('');
    stickRef.current = true;
    const { restoreDraft } = await send(content);
    if (restoreDraft) setDraft((current) => (current === '' ? content : current));
    inputRef.current?.focus({ preventScroll: true });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter is a new line; Enter that ends an IME composition is neither.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  let log;
  if (messagesQuery.isError && !messages) {
    log = (
      <LoadError plain text="Не удалось загрузить сообщения." onRetry={() => void messagesQuery.refetch()} />
    );
  } else if (!messages) {
    log = (
      <Loading className={styles.logSkeleton} label="Загрузка сообщений">
        <Skeleton width="55%" height={44} />
        <Skeleton width="70%" height={88} />
        <Skeleton width="40%" height={44} />
      </Loading>
    );
  } else {
    log = (
      <>
        {messages.length === 0 && !pending && (
          <div className={styles.intro}>
            <Icon name="sparkles" size={24} />
            <p>
              Модель уже знает ваши ответы на вопросы промпта «{chat.title}». Напишите первый вопрос:
              например, попросите скрипт звонка или ответ на возражение.
            </p>
          </div>
        )}
        <ol className={styles.messages} aria-label="Сообщения">
          {messages.map((m) => (
            <Bubble
              key={m.id}
              role={m.role}
              content={m.content}
              status={m.role === 'assistant' ? m.status : undefined}
              time={m.created_at}
            />
          ))}
          {pending && <PendingBubbles pending={pending} />}
        </ol>
      </>
    );
  }

  return (
    <section className={styles.chat} aria-labelledby="ai-chat-title" data-testid="ai-chat">
      <header className={styles.chatHead}>
        {onBack && (
          <div className={styles.backRow}>
            <Button variant="ghost" className={styles.back} onClick={onBack}>
              <Icon name="chevronLeft" size={18} />
              Чаты
            </Button>
          </div>
        )}
        <div className={styles.chatHeadMain}>
          <h2 id="ai-chat-title" className={styles.chatHeadTitle}>
            {chat.title}
          </h2>
          <span className={styles.chatHeadMeta}>Начат {formatDateTime(chat.created_at)}</span>
        </div>
        {chat.answers.length > 0 && (
          <details className={styles.answers}>
            <summary className={styles.answersToggle}>Ответы на вопросы</summary>
            <dl className={styles.answersList}>
              {chat.answers.map((a, i) => (
                <div key={`${a.question_id ?? 'q'}-${i}`} className={styles.answer}>
                  <dt>{a.question}</dt>
                  <dd>{a.answer}</dd>
                </div>
              ))}
            </dl>
          </details>
        )}
      </header>
      <div
        ref={logRef}
        className={styles.log}
        onScroll={onScroll}
        role="log"
        aria-label="Переписка с GPT"
        aria-busy={streaming || undefined}
        tabIndex={0}
      >
        {log}
        {notice && (
          <div className={styles.notice} role="alert" data-testid="ai-chat-notice">
            <Icon name="alert" size={18} />
            <span className={styles.noticeText}>{notice}</span>
            <button
              type="button"
              className={styles.noticeClose}
              aria-label="Скрыть сообщение"
              onClick={dismissNotice}
            >
              <Icon name="close" size={16} />
            </button>
          </div>
        )}
      </div>
      <form className={styles.composer} onSubmit={submit} noValidate>
        <label htmlFor="ai-composer" className="visually-hidden">
          Сообщение
        </label>
        <textarea
          ref={inputRef}
          id="ai-composer"
          className={cx(styles.composerInput, over && styles.composerInvalid)}
          rows={2}
          placeholder={notConfigured ? 'AI-чат не подключён' : 'Напишите сообщение…'}
          value={draft}
          disabled={notConfigured}
          aria-invalid={over || undefined}
          aria-describedby="ai-composer-hint"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className={styles.composerFoot}>
          <span
            id="ai-composer-hint"
            className={cx(styles.composerHint, over && styles.composerHintError)}
            role={over ? 'alert' : undefined}
          >
            {over ? tooLong(AI_MESSAGE_MAX) : 'Enter — отправить, Shift+Enter — новая строка'}
          </span>
          {streaming ? (
            <Button variant="secondary" onClick={stop} data-testid="ai-stop">
              <span className={styles.stopIcon} aria-hidden="true" />
              Остановить
            </Button>
          ) : (
            <Button type="submit" disabled={draft.trim() === '' || over || notConfigured}>
              Отправить
            </Button>
          )}
        </div>
      </form>
    </section>
  );
};
