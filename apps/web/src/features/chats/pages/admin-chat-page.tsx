import { isAdminRole } from '@crm/contract';
import { useSession } from '@/lib/session-context';
import { ComingSoon } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { adminChatTitle } from '@/features/chats/admin-chat-title';

/** Conversations about clients between managers and admins come with the chats issue. */
export const AdminChatPage = () => {
  const { role } = useSession();
  return (
    <>
      <PageHeader title={adminChatTitle(role)} />
      <ComingSoon
        icon="chat"
        feature="чат о клиентах"
        text={
          isAdminRole(role)
            ? 'Здесь будут вопросы менеджеров о клиентах, и вы сможете отвечать на них прямо из переписки.'
            : 'Здесь вы сможете задать администратору вопрос о клиенте и получить ответ.'
        }
      />
    </>
  );
};
