import { paths } from '@/lib/paths';
import { lazyPage, type RouteFragment } from '@/lib/route-fragment';

export const knowledgeRoutes: RouteFragment = {
  layout: [
    { path: paths.knowledge, lazy: lazyPage(() => import('./pages/knowledge-page'), 'KnowledgePage') },
  ],
  admin: [
    {
      path: paths.librarySettings,
      lazy: lazyPage(() => import('./pages/library-settings-page'), 'LibrarySettingsPage'),
    },
  ],
};
