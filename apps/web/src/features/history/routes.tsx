import { paths } from '@/lib/paths';
import { lazyPage, type RouteFragment } from '@/lib/route-fragment';

export const historyRoutes: RouteFragment = {
  layout: [{ path: paths.history, lazy: lazyPage(() => import('./pages/history-page'), 'HistoryPage') }],
};
