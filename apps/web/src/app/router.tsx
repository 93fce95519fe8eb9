import { createBrowserRouter, type RouteObject } from 'react-router';
import { aiRoutes } from '@/features/ai/routes';
import { accountsRoutes } from '@/features/accounts/routes';
import { conversationsRoutes } from '@/features/conversations/routes';
import { clientsRoutes } from '@/features/clients/routes';
import { historyRoutes } from '@/features/history/routes';
import { integrationsRoutes } from '@/features/integrations/routes';
import { knowledgeRoutes } from '@/features/knowledge/routes';
import { projectsRoutes } from '@/features/projects/routes';
import { remindersRoutes } from '@/features/reminders/routes';
import { scenariosRoutes } from '@/features/scenarios/routes';
import { statisticsRoutes } from '@/features/statistics/routes';
import { statusesRoutes } from '@/features/statuses/routes';
import { teamRoutes } from '@/features/team/routes';
import { telegramRoutes } from '@/features/telegram/routes';
import { AppRoot } from './app-root';
import { AdminGuard } from './guards/admin-guard';
import { patterns, paths } from '@/lib/paths';
import { RootErrorPage } from './root-error-page';
import { PageLoadError } from './layout/page-load-error';
import { lazyPage, type OutletId, type RouteFragment } from '@/lib/route-fragment';
import { SessionRoute } from './session/session-route';
import { registerSlots } from '@/lib/slots';
import { StartupGuard } from './session/startup-guard';

/** The routes of each feature (its routes.tsx): one line per feature. */
const features: RouteFragment[] = [
  accountsRoutes,
  projectsRoutes,
  teamRoutes,
  statusesRoutes,
  clientsRoutes,
  remindersRoutes,
  scenariosRoutes,
  statisticsRoutes,
  historyRoutes,
  knowledgeRoutes,
  conversationsRoutes,
  aiRoutes,
  integrationsRoutes,
  telegramRoutes,
];

registerSlots(features.map((f) => f.slots));

/** What each feature starts when the app opens on one of its pages (see RouteFragment.prefetch). */
export const pagePrefetches = features.flatMap((f) => f.prefetch ?? []);

/** A route given another feature's children (RouteFragment.outlets) gets them appended. */
const withOutlets = (routes: RouteObject[]): RouteObject[] =>
  routes.map((route) => {
    if (route.index) return route;
    const extra = route.id ? features.flatMap((f) => f.outlets?.[route.id as OutletId] ?? []) : [];
    const children = [...(route.children ? withOutlets(route.children) : []), ...extra];
    return children.length > 0 ? { ...route, children } : route;
  });

const mounted = (place: 'public' | 'session' | 'layout' | 'admin'): RouteObject[] =>
  withOutlets(features.flatMap((fragment) => fragment[place] ?? []));

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <RootErrorPage />,
    // Shown only while the first page's chunk loads; the page background is enough.
    hydrateFallbackElement: <div />,
    children: [
      ...mounted('public'),
      {
        element: <SessionRoute />,
        children: [
          ...mounted('session'),
          {
            element: <StartupGuard />,
            children: [
              {
                path: paths.home,
                lazy: lazyPage(() => import('./layout/main-layout'), 'MainLayout'),
                children: [
                  {
                    // A page that fails shows so inside the layout, whose menu stays usable.
                    errorElement: <PageLoadError />,
                    children: [...mounted('layout'), { element: <AdminGuard />, children: mounted('admin') }],
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: patterns.notFound, lazy: lazyPage(() => import('./not-found-page'), 'NotFoundPage') },
    ],
  },
];

export const router = createBrowserRouter(routes);
