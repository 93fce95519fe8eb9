import { patterns, paths } from '@/lib/paths';
import { lazyPage, outletIds, type RouteFragment } from '@/lib/route-fragment';

export const accountsRoutes: RouteFragment = {
  public: [
    {
      id: outletIds.registration,
      path: paths.registration,
      lazy: lazyPage(() => import('./pages/registration-page'), 'RegistrationPage'),
    },
    { path: paths.recovery, lazy: lazyPage(() => import('./pages/recovery-page'), 'RecoveryPage') },
    {
      path: paths.loginDataProcessing,
      lazy: lazyPage(() => import('./pages/login-data-processing-page'), 'LoginDataProcessingPage'),
    },
  ],
  layout: [{ path: paths.profile, lazy: lazyPage(() => import('./pages/profile-page'), 'ProfilePage') }],
  session: [
    {
      path: patterns.verifyEmail,
      lazy: lazyPage(() => import('./pages/verify-email-page'), 'VerifyEmailPage'),
    },
  ],
};
