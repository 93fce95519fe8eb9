import { patterns } from '@/app/paths';
import { lazyPage, type RouteFragment } from '@/app/route-fragment';

export const statusesRoutes: RouteFragment = {
  admin: [{ path: patterns.status, lazy: lazyPage(() => import('./pages/statuses-page'), 'StatusesPage') }],
};
