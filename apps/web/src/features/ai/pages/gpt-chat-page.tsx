import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AI_NOT_CONFIGURED, AI_NOT_CONFIGURED_ADMIN } from '@crm/contract';
import { useSession } from '@/lib/session-context';
import { Button } from '@/ui/button';
import { cx } from '@/ui/cx';
import { EmptyState } from '@/ui/empty-state';
import { Icon } from '@/ui/icons';
import { PageHeader } from '@/ui/page-header';
import { Skeleton, Loading } from '@/ui/skeleton';
import { MOBILE_QUERY, useMediaQuery } from '@/ui/use-media-query';
import { useAiChats } from '@/features/ai/api/get-ai-chats';
import { useAiConfig } from '@/features/ai/api/get-ai-config';
import { ChatList } from '@/features/ai/components/chat-list';
import { ChatView } from '@/features/ai/components/chat-view';
import { NewChatForm } from '@/features/ai/components/new-chat-form';
import styles from '@/features/ai/components/chat.module.css';

/** The chat's unconfigured state outlives a remount of the page in one visit. */
let knownNotConfigured = false;

/**
 * /gpt-chat 'Чат с GPT': the person's chats beside the open one (`?chat=<id>`) or the new chat
 * form (`?chat=new`, and the default on a wide screen). On a phone the list is a screen of its
 * own and the chat takes the whole width.
 */
export const GptChatPage = () => {
  const { projectId, isAdmin } = useSession();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const chatsQuery = useAiChats(projectId);
  const configQuery = useAiConfig(projectId);
  const [failedUnconfigured, setNotConfigured] = useState(knownNotConfigured);
  // Known from the server's config at once, or learnt from a 503 (a key removed since).
  const notConfigured = failedUnconfigured || configQuery.data?.configured === false;
  const configKnown = failedUnconfigured || !configQuery.isPending || projectId === null;
  const onNotConfigured = useCallback(() => {
    knownNotConfigured = true;
    setNotConfigured(true);
  }, []);

  const raw = params.get('chat');
  const chatId = raw !== null && /^\d+$/.test(raw) ? Number(raw) : null;
  const chat = chatsQuery.data?.find((c) => c.id === chatId);
  const open = (search: string) => void navigate({ search }, { replace: false });
  // A phone shows one screen: the list unless a chat or the new chat form is asked for.
  const showList = !isMobile || raw === null;
  const showPane = !isMobile || raw !== null;

  let pane = null;
  if (projectId !== null && showPane) {
    if (chatId !== null && chat) {
      pane = (
        <ChatView
          key={chat.id}
          projectId={projectId}
          chat={chat}
          notConfigured={notConfigured}
          onNotConfigured={onNotConfigured}
          onBack={isMobile ? () => open('') : undefined}
        />
      );
    } else if (chatId !== null && !chatsQuery.data) {
      pane = chatsQuery.isError ? null : (
        <Loading className={styles.paneSkeleton} label="Загрузка чата">
          <Skeleton width="40%" height={20} />
          <Skeleton width="55%" height={44} />
          <Skeleton width="70%" height={88} />
        </Loading>
      );
    } else if (chatId !== null) {
      pane = (
        <div className={styles.paneEmpty}>
          <EmptyState
            plain
            icon="chat"
            text="Чат не найден: возможно, он начат в другом проекте."
            action={
              <Button variant="secondary" onClick={() => open('?chat=new')}>
                Новый чат
              </Button>
            }
          />
        </div>
      );
    } else if (chatId === null) {
      pane = (
        <NewChatForm
          projectId={projectId}
          onStarted={(started) => open(`?chat=${started.id}`)}
          onBack={isMobile ? () => open('') : undefined}
        />
      );
    }
  }

  return (
    <>
      <PageHeader
        title="Чат с GPT"
        actions={
          showList && isMobile ? (
            <Button onClick={() => open('?chat=new')}>
              <Icon name="plus" size={18} />
              Новый чат
            </Button>
          ) : undefined
        }
      />
      <div className={cx(styles.stage, isMobile && raw === null && styles.stageFree)}>
        {configKnown ? (
          <>
            {notConfigured && (
              <div className={styles.banner} role="status" data-testid="ai-not-configured">
                <Icon name="alert" size={20} />
                <p>
                  {/* A manager is told whom to ask; an admin, what to do (docs/product.md §8.2). */}
                  {isAdmin ? AI_NOT_CONFIGURED_ADMIN : AI_NOT_CONFIGURED}. Чаты и ответы сохранены, но модель
                  пока не может ответить.
                </p>
              </div>
            )}
            <div className={cx(styles.layout, isMobile && styles.layoutSingle)}>
              {showList && (
                <nav className={styles.sidebar} aria-label="Чаты с GPT">
                  {!isMobile && (
                    <Button
                      variant="secondary"
                      fullWidth
                      className={styles.newButton}
                      onClick={() => open('?chat=new')}
                      aria-current={raw === null || raw === 'new' ? 'page' : undefined}
                    >
                      <Icon name="plus" size={18} />
                      Новый чат
                    </Button>
                  )}
                  <ChatList
                    chats={chatsQuery.data}
                    failed={chatsQuery.isError}
                    onRetry={() => void chatsQuery.refetch()}
                    selectedId={chatId}
                  />
                </nav>
              )}
              {showPane && <div className={styles.pane}>{pane}</div>}
            </div>
          </>
        ) : (
          // The banner above the chats waits for the config: until then a placeholder holds their
          // place, replaced whole, so nothing drawn is pushed down when the banner comes.
          <div className={cx(styles.layout, isMobile && styles.layoutSingle)} data-testid="ai-chats-waiting">
            {showList && (
              <div className={styles.sidebar}>
                <ChatList chats={undefined} failed={false} onRetry={() => undefined} selectedId={null} />
              </div>
            )}
            {showPane && <div className={styles.pane} />}
          </div>
        )}
      </div>
    </>
  );
};
