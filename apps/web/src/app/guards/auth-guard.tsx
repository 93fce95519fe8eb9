import { Navigate, Outlet, useLocation } from 'react-router';
import { appStorage } from '../../lib/storage';
import { authRedirect } from './auth-redirect';

/** Applies the auth redirect rule on every navigation; the token is read fresh each time. */
export const AuthGuard = () => {
  const { pathname } = useLocation();
  const target = authRedirect(pathname, appStorage.hasToken());
  return target ? <Navigate to={target} replace /> : <Outlet />;
};
