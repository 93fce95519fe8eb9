import { useSession } from '@/lib/session-context';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { adminChatTitle } from '@/features/chats/admin-chat-title';

/** Conversations about clients between managers and admins come with the chats issue. */
export const AdminChatPage = () => {
  const { role } = useSession();
  return (
    <>
      <PageHeader title={adminChatTitle(role)} />
      <EmptyState icon="chat" text="Сообщений пока нет." />
    </>
  );
};
