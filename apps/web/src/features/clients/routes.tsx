import { paths, patterns } from '@/lib/paths';
import { lazyPage, outletIds, type RouteFragment } from '@/lib/route-fragment';

export const clientsRoutes: RouteFragment = {
  layout: [
    { path: paths.clients, lazy: lazyPage(() => import('./board/pages/clients-page'), 'ClientsPage') },
    // A client's own page; /clients/import and /clients/duplicates are fixed paths and rank first.
    {
      path: patterns.client,
      lazy: lazyPage(() => import('./client-page/pages/client-page'), 'ClientPage'),
    },
  ],
  admin: [
    {
      path: paths.clientForm,
      lazy: lazyPage(() => import('./form/pages/client-form-page'), 'ClientFormPage'),
    },
    {
      path: paths.clientsImport,
      lazy: lazyPage(() => import('./import/pages/clients-import-page'), 'ClientsImportPage'),
    },
    {
      path: paths.clientDuplicates,
      lazy: lazyPage(() => import('./duplicates/pages/client-duplicates-page'), 'ClientDuplicatesPage'),
    },
    {
      path: paths.clientCategorySetting,
      lazy: lazyPage(
        () => import('./categories/pages/client-category-setting-page'),
        'ClientCategorySettingPage',
      ),
    },
  ],
  slots: {
    // 'Подробнее о клиенте' in a reminder's details (reminders feature).
    'client-info': () => import('./board/components/client-info-slot'),
    // 'Клиент' in a new reminder (reminders) and a new question (chats).
    'client-picker': () => import('./search/components/client-picker'),
  },
  outlets: {
    // A manager's page (team feature) lists his clients in its 'Клиенты' card.
    [outletIds.managerClients]: [
      {
        index: true,
        lazy: lazyPage(() => import('./search/components/search-manager-clients'), 'ManagerClients'),
      },
    ],
  },
};
