import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/lib/paths';
import { appStorage } from '@/lib/storage';
import { authRedirect } from './auth-redirect';

/**
 * /login is a page of its own (src/login.tsx), so going there loads it as a new document. The
 * page the visitor asked for is remembered for the sign-in to bring him back to it (a
 * verification link opened while signed out); the main page needs no remembering.
 */
const LeaveForLogin = ({ from }: { from: string | null }) => {
  useEffect(() => {
    if (from) appStorage.setReturnTo(from);
    else appStorage.removeReturnTo();
    window.location.replace(paths.login);
  }, [from]);
  return null;
};

/** Applies the auth redirect rule on every navigation; the token is read fresh each time. */
export const AuthGuard = () => {
  const { pathname, search } = useLocation();
  const target = authRedirect(pathname, appStorage.hasToken());
  if (!target) return <Outlet />;
  if (target === paths.login) {
    return <LeaveForLogin from={pathname === paths.home ? null : `${pathname}${search}`} />;
  }
  return <Navigate to={target} replace />;
};
