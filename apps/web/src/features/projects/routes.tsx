import { paths } from '@/app/paths';
import { lazyPage, type RouteFragment } from '@/app/route-fragment';

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
