import { lazyPage, type RouteFragment } from '@/app/route-fragment';

export const dashboardRoutes: RouteFragment = {
  // The start page: the layout's index route (/).
  layout: [{ index: true, lazy: lazyPage(() => import('./pages/dashboard-page'), 'DashboardPage') }],
};
