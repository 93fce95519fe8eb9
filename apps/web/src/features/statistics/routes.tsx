import { paths } from '@/lib/paths';
import { lazyPage, type RouteFragment } from '@/lib/route-fragment';

export const statisticsRoutes: RouteFragment = {
  layout: [
    { path: paths.statistics, lazy: lazyPage(() => import('./pages/statistics-page'), 'StatisticsPage') },
  ],
};
