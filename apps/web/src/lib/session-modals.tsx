import { useContext, useMemo } from 'react';
import { useModals, type ModalApi } from '@/ui/modal';
import { SessionContext } from './session-context';

/**
 * The modal stack for signed-in screens. The stack renders at the app's root, outside the
 * session; a modal opened through this keeps the opener's session, so its content (and any modal
 * it opens in turn) may call useSession like the page under it.
 */
export const useSessionModals = (): ModalApi => {
  const modals = useModals();
  const session = useContext(SessionContext);
  return useMemo(
    () => ({
      ...modals,
      open: (render, options) =>
        modals.open(
          (controls) =>
            session ? <SessionContext.Provider value={session}>{render(controls)}</SessionContext.Provider> : render(controls),
          options,
        ),
    }),
    [modals, session],
  );
};
