import { paths } from '@/app/paths';
import { lazyPage, type RouteFragment } from '@/app/route-fragment';

export const remindersRoutes: RouteFragment = {
  layout: [
    // The start page (the layout's index route, /): today's reminders.
    { index: true, lazy: lazyPage(() => import('./pages/dashboard-page'), 'DashboardPage') },
    { path: paths.calendar, lazy: lazyPage(() => import('./pages/calendar-page'), 'CalendarPage') },
  ],
  slots: {
    // A client's reminders, with 'add', in the clients feature's client panel.
    'client-reminders': () => import('./components/client-reminders'),
    // The 'Напоминания' card of a manager's page (team feature).
    'manager-reminders': () => import('./components/manager-reminders'),
  },
};
