import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/app/paths';
import { appStorage } from '@/lib/storage';
import { authRedirect } from './auth-redirect';

/**
 * Applies the auth redirect rule on every navigation; the token is read fresh each time. A
 * visitor sent to /login carries the page he asked for in the router state (`from`), so the
 * sign-in can bring him back to it (a verification link opened while signed out).
 */
export const AuthGuard = () => {
  const { pathname, search } = useLocation();
  const target = authRedirect(pathname, appStorage.hasToken());
  if (!target) return <Outlet />;
  const state =
    target === paths.login && pathname !== paths.home ? { from: `${pathname}${search}` } : undefined;
  return <Navigate to={target} replace state={state} />;
};
