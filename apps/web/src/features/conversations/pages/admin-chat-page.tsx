import { useCallback, useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useProjectTimeZone } from '@/lib/project-time-zone';
import { useSession } from '@/lib/session-context';
import { paths } from '@/lib/paths';
import { Button } from '@/ui/button';
import { Icon } from '@/ui/icons';
import { cx } from '@/ui/cx';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { MOBILE_QUERY, useMediaQuery } from '@/ui/use-media-query';
import { adminChatTitle } from '@/features/conversations/admin-chat-title';
import { useConversation, useConversations, useMarkConversationRead } from '../api/conversations';
import { useAskQuestionModal } from '../components/ask-question';
import { ConversationList } from '../components/conversation-list';
import { ConversationView } from '../components/conversation-view';
import { setOpenConversation } from '../lib/reading';
import styles from '@/ui/chat.module.css';

const parseId = (raw: string | null): number | null => {
  if (raw === null || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
};

/**
 * /admin-chat (docs/product.md §8.4): the conversations on the left, the open one
 * (`?conversation=<id>`) on the right; on a phone they are two screens. New messages arrive over
 * the tab's live stream (useChatLive, in the layout): the conversation moves to the top and the
 * open one shows them at once.
 */
export const AdminChatPage = () => {
  const { role, isAdmin, projectId, user } = useSession();
  const [params] = useSearchParams();
  const openId = parseId(params.get('conversation'));
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const timeZone = useProjectTimeZone();
  const myId = user?.id ?? null;

  const list = useConversations(projectId);
  const fromList = list.data?.conversations.find((c) => c.id === openId);
  // A conversation opened by its link (a notification) that the list does not hold (yet).
  const alone = useConversation(projectId, openId !== null && list.isSuccess && !fromList ? openId : null);
  const open = fromList ?? alone.data;

  const markReadMutation = useMarkConversationRead(projectId ?? 0);
  const { mutate: markReadNow, isPending: marking } = markReadMutation;
  const markRead = useCallback(
    (id: number) => {
      if (!marking) markReadNow(id);
    },
    [marking, markReadNow],
  );

  // New messages come through the layout's live handler (useChatLive); it asks what is open here.
  useEffect(() => {
    setOpenConversation(openId);
    return () => setOpenConversation(null);
  }, [openId]);

  // A manager starts a question here too, choosing the client (docs/product.md §8.4).
  const navigate = useNavigate();
  const openAsk = useAskQuestionModal();
  const ask = () =>
    openAsk({
      onSent: (conversation) => void navigate(`${paths.adminChat}?conversation=${conversation.id}`),
    });
  const askButton = isAdmin ? undefined : (
    <Button onClick={ask}>
      <Icon name="plus" size={18} />
      Задать вопрос
    </Button>
  );

  const title = adminChatTitle(role);
  // No conversation at all: one message over the whole pane, with the way to start one.
  if (list.isSuccess && list.data.conversations.length === 0 && openId === null) {
    return (
      <>
        <PageHeader title={title} />
        <EmptyState
          icon="chat"
          text={
            isAdmin
              ? 'Вопросов от менеджеров пока нет. Они появятся здесь, как только менеджер задаст вопрос о клиенте.'
              : 'Вопросов пока нет. Задайте вопрос администратору о любом своём клиенте — ответ придёт сюда.'
          }
          action={askButton}
        />
      </>
    );
  }
  const showList = !isMobile || openId === null;
  const showChat = !isMobile || openId !== null;

  return (
    <>
      <PageHeader title={title} actions={askButton} />
      <div className={cx(styles.layout, isMobile && styles.layoutSingle)} data-testid="admin-chat">
        {showList && (
          <section className={styles.listPane} aria-label="Диалоги">
            <ConversationList
              query={list}
              activeId={openId}
              showManager={isAdmin}
              myId={myId}
              timeZone={timeZone}
              emptyText="Диалогов пока нет."
            />
          </section>
        )}
        {showChat && (
          <section className={styles.chatPane} aria-label="Переписка">
            {openId !== null && projectId !== null ? (
              <ConversationView
                key={openId}
                projectId={projectId}
                id={openId}
                conversation={open}
                conversationError={alone.error}
                retryConversation={() => void alone.refetch()}
                myId={myId}
                showManager={isAdmin}
                timeZone={timeZone}
                showBack={isMobile}
                markRead={markRead}
              />
            ) : (
              <EmptyState plain icon="chat" text="Выберите диалог слева, чтобы открыть переписку." />
            )}
          </section>
        )}
      </div>
    </>
  );
};
