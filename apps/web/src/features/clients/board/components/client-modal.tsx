import { useMemo } from 'react';
import { useSessionModals } from '@/lib/session-modals';
import { ClientModalBody } from './client-modal-body';

/** The create modal is wide enough for the client form's 25 % fields side by side. */
const CLIENT_MODAL_WIDTH = 720;

export type ClientModalApi = {
  /** The create modal; `categoryId` preselects the column it was opened from. */
  openCreate: (opts?: { categoryId?: number }) => void;
  /** The edit form (with the notes) centered, or as a side panel ('Подробная информация о клиенте'). */
  openEdit: (clientId: number, opts?: { kind?: 'center' | 'side'; title?: string }) => void;
};

/**
 * Opens the create or edit client modal on the stack (docs/product.md §4.8). A form with typed input
 * does not close on an overlay click; Escape and the close icon still close it.
 */
export const useClientModal = (): ClientModalApi => {
  const modals = useSessionModals();
  return useMemo(
    () => ({
      openCreate: (opts) => {
        modals.open(({ close }) => <ClientModalBody categoryId={opts?.categoryId} onDone={close} />, {
          title: 'Новый клиент',
          width: CLIENT_MODAL_WIDTH,
          closeOnOverlay: false,
        });
      },
      openEdit: (clientId, opts) => {
        const kind = opts?.kind ?? 'center';
        modals.open(({ close }) => <ClientModalBody clientId={clientId} onDone={close} />, {
          kind,
          title: opts?.title ?? 'Редактировать клиента',
          width: kind === 'center' ? CLIENT_MODAL_WIDTH : undefined,
          closeOnOverlay: false,
        });
      },
    }),
    [modals],
  );
};
