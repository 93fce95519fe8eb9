import { paths } from '@/app/paths';
import { lazyPage, type RouteFragment } from '@/app/route-fragment';

export const scenariosRoutes: RouteFragment = {
  admin: [
    {
      path: paths.autoReminders,
      lazy: lazyPage(() => import('./pages/auto-reminders-page'), 'AutoRemindersPage'),
    },
  ],
};
