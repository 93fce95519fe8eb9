import { paths } from '@/app/paths';
import { lazyPage, type RouteFragment } from '@/app/route-fragment';

export const historyRoutes: RouteFragment = {
  layout: [{ path: paths.history, lazy: lazyPage(() => import('./pages/history-page'), 'HistoryPage') }],
};
