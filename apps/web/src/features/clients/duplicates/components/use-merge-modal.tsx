import { useCallback } from 'react';
import { useSessionModals } from '@/lib/session-modals';
import { ClientMerge } from './client-merge';
import { MergeForm, type MergeCandidate } from './merge-form';

/** Opens the merge's confirmation for a group of duplicates (the 'Дубли' view). */
export const useMergeGroupModal = () => {
  const modals = useSessionModals();
  return useCallback(
    (clients: MergeCandidate[]) =>
      modals.open(({ close }) => <MergeForm clients={clients} onMerged={close} onCancel={close} />, {
        title: 'Объединить клиентов',
        closeOnOverlay: false,
      }),
    [modals],
  );
};

/**
 * Opens 'Объединить' for one client: his duplicates, then the confirmation. `onMerged` learns
 * which client stayed (the panel that asked may show the other one now).
 */
export const useClientMergeModal = () => {
  const modals = useSessionModals();
  return useCallback(
    (client: MergeCandidate, onMerged?: (survivor: MergeCandidate) => void) =>
      modals.open(
        ({ close }) => (
          <ClientMerge
            client={client}
            onCancel={close}
            onMerged={(survivor) => {
              close();
              onMerged?.(survivor);
            }}
          />
        ),
        { title: `Объединить клиента «${client.name} ${client.last_name}»`, closeOnOverlay: false },
      ),
    [modals],
  );
};
