import { useCallback } from 'react';
import { toast } from 'react-toastify';
import type { Client } from '@crm/contract';
import { useSession } from '@/lib/session-context';
import { useConfirm } from '@/ui/modal';
import { useDeleteClient } from '@/features/clients/board/api/delete-client';
import { clientName } from './client-card';

export const CLIENT_DELETED = 'Клиент удален!';

/**
 * 'Удалить' on a card or in the client modal: asks first (the notes go with the client), then
 * deletes; resolves true once the client is gone.
 */
export const useConfirmDeleteClient = () => {
  const { projectId } = useSession();
  const remove = useDeleteClient(projectId ?? 0);
  const confirm = useConfirm();
  return useCallback(
    async (client: Pick<Client, 'id' | 'name' | 'last_name'>) => {
      const agreed = await confirm({
        message: `Удалить клиента ${clientName(client)}?`,
        hint: 'Вместе с клиентом удалятся все его заметки. Это действие нельзя отменить.',
        onAgree: () => remove.mutateAsync(client.id),
      });
      if (agreed) toast.success(CLIENT_DELETED);
      return agreed;
    },
    [confirm, remove],
  );
};
