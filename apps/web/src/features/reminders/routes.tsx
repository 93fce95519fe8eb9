import { paths } from '@/lib/paths';
import { lazyPage, type RouteFragment } from '@/lib/route-fragment';
import { todayFiltersQueryOptions } from './api/get-today-filters';
import { todayRemindersQueryOptions } from './api/get-today-reminders';

export const remindersRoutes: RouteFragment = {
  layout: [
    // The start page (the layout's index route, /): today's reminders.
    { index: true, lazy: lazyPage(() => import('./pages/dashboard-page'), 'DashboardPage') },
    { path: paths.calendar, lazy: lazyPage(() => import('./pages/calendar-page'), 'CalendarPage') },
  ],
  // The start page's two lists, asked for as the app's script runs. No error toast from here: if
  // the project is gone, start-up picks another and the page asks for its own.
  prefetch: ({ queryClient, pathname, projectId }) => {
    if (pathname !== paths.home) return;
    void queryClient.prefetchQuery({ ...todayRemindersQueryOptions(projectId, {}), meta: {} });
    void queryClient.prefetchQuery({ ...todayFiltersQueryOptions(projectId), meta: {} });
  },
  slots: {
    // A client's reminders, with 'add', in the clients feature's client panel.
    'client-reminders': () => import('./components/client-reminders'),
    // A client's next reminder, on his card on the board (clients feature).
    'client-next-reminder': () => import('./components/client-next-reminder'),
    // The 'Напоминания' card of a manager's page (team feature).
    'manager-reminders': () => import('./components/manager-reminders'),
    // A reminder's entry in a client's timeline opens its details (clients feature).
    'reminder-link': () => import('./components/reminder-link'),
  },
};
