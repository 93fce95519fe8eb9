import { paths } from '@/lib/paths';
import { lazyPage, type RouteFragment } from '@/lib/route-fragment';

export const integrationsRoutes: RouteFragment = {
  admin: [
    {
      path: paths.integrations,
      lazy: lazyPage(() => import('./pages/integrations-page'), 'IntegrationsPage'),
    },
  ],
};
