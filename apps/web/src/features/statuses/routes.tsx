import { patterns } from '@/lib/paths';
import { lazyPage, type RouteFragment } from '@/lib/route-fragment';

export const statusesRoutes: RouteFragment = {
  admin: [{ path: patterns.status, lazy: lazyPage(() => import('./pages/statuses-page'), 'StatusesPage') }],
};
