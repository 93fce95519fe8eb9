import { Outlet } from 'react-router';
import { SessionProvider } from './session-provider';

/** Route element for every screen that needs the signed-in user (layout, create-project…). */
export const SessionRoute = () => (
  <SessionProvider>
    <Outlet />
  </SessionProvider>
);
