import { paths } from '@/lib/paths';
import { lazyPage, type RouteFragment } from '@/lib/route-fragment';

export const projectsRoutes: RouteFragment = {
  session: [
    {
      path: paths.createProject,
      lazy: lazyPage(() => import('./pages/create-project-page'), 'CreateProjectPage'),
    },
  ],
  admin: [
    {
      path: paths.projectSetting,
      lazy: lazyPage(() => import('./pages/project-setting-page'), 'ProjectSettingPage'),
    },
  ],
};
