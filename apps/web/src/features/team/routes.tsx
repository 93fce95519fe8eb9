import { patterns } from '@/lib/paths';
import { lazyPage, outletIds, type RouteFragment } from '@/lib/route-fragment';

export const teamRoutes: RouteFragment = {
  admin: [
    {
      // Its <Outlet> (a manager's page) shows the clients feature's list of his clients.
      id: outletIds.managerClients,
      path: patterns.manager,
      lazy: lazyPage(() => import('./pages/managers-page'), 'ManagersPage'),
    },
  ],
  outlets: {
    // The invitation banner of /registration?invitation=…, rendered by the page's <Outlet>.
    [outletIds.registration]: [
      { index: true, lazy: lazyPage(() => import('./components/invitation-banner'), 'InvitationBanner') },
    ],
  },
};
