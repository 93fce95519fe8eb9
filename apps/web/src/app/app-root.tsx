import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ModalProvider, useModals } from '@/ui/modal';
import { Toasts } from '@/ui/toasts';
import { AuthGuard } from './guards/auth-guard';

/** A modal belongs to the page that opened it: moving to another page closes the stack. */
const CloseModalsOnNavigate = () => {
  const { pathname } = useLocation();
  const modals = useModals();
  useEffect(() => modals.closeAll(), [pathname, modals]);
  return null;
};

/** Root route element: the modal stack and toasts live here, inside the router. */
export const AppRoot = () => (
  <ModalProvider>
    <CloseModalsOnNavigate />
    <AuthGuard />
    <Toasts />
  </ModalProvider>
);

