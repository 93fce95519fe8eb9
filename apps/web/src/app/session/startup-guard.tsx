import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '@/lib/session-context';
import { startupRedirect } from './startup';

/** Applies the start-up redirect rule to the main layout, on load and on project change. */
export const StartupGuard = () => {
  const { user, projects } = useSession();
  const { pathname } = useLocation();
  const target = startupRedirect(user, projects);
  if (target && target !== pathname) return <Navigate to={target} replace />;
  return <Outlet />;
};
