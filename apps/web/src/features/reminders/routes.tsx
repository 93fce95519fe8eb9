import { paths } from '@/app/paths';
import { lazyPage, type RouteFragment } from '@/app/route-fragment';

export const remindersRoutes: RouteFragment = {
  layout: [{ path: paths.calendar, lazy: lazyPage(() => import('./pages/calendar-page'), 'CalendarPage') }],
  admin: [
    {
      path: paths.autoReminders,
      lazy: lazyPage(() => import('./pages/auto-reminders-page'), 'AutoRemindersPage'),
    },
  ],
};
