import { paths } from '@/app/paths';
import { lazyPage, type RouteFragment } from '@/app/route-fragment';

export const statisticsRoutes: RouteFragment = {
  layout: [
    { path: paths.statistics, lazy: lazyPage(() => import('./pages/statistics-page'), 'StatisticsPage') },
  ],
};
