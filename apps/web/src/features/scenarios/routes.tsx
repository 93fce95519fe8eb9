import { paths } from '@/lib/paths';
import { lazyPage, type RouteFragment } from '@/lib/route-fragment';

export const scenariosRoutes: RouteFragment = {
  admin: [
    {
      path: paths.autoReminders,
      lazy: lazyPage(() => import('./pages/auto-reminders-page'), 'AutoRemindersPage'),
    },
  ],
};
