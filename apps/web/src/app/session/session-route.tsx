import { Outlet } from 'react-router';
import { SessionProvider } from './session-provider';
import { VerificationGate } from './verification-gate';

/** Route element for every screen that needs the signed-in user (layout, create-project…). */
export const SessionRoute = () => (
  <SessionProvider>
    <VerificationGate>
      <Outlet />
    </VerificationGate>
  </SessionProvider>
);
