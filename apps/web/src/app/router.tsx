import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api-client';
import { AppRoot } from './app-root';
import { AdminGuard } from './guards/admin-guard';
import { RootErrorPage } from './root-error-page';
import { SessionRoute } from './session/session-route';
import { StartupGuard } from './session/startup-guard';

/** Every page loads lazily (spec §2): the route pulls its chunk, then renders its component. */
const page =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  async () => ({ Component: (await load())[name] });

const adminRoutes: RouteObject[] = [
  { path: 'client_form', lazy: page(() => import('../features/client-form/pages/client-form-page'), 'ClientFormPage') },
  { path: 'auto-reminders', lazy: page(() => import('../features/scenarios/pages/auto-reminders-page'), 'AutoRemindersPage') },
  { path: 'library-settings', lazy: page(() => import('../features/knowledge/pages/library-settings-page'), 'LibrarySettingsPage') },
  { path: 'status/:statusId?', lazy: page(() => import('../features/statuses/pages/statuses-page'), 'StatusesPage') },
  {
    path: 'client-category-setting',
    lazy: page(() => import('../features/categories/pages/client-category-setting-page'), 'ClientCategorySettingPage'),
  },
  { path: 'project-setting', lazy: page(() => import('../features/projects/pages/project-setting-page'), 'ProjectSettingPage') },
  { path: 'managers/:managerId?', lazy: page(() => import('../features/team/pages/managers-page'), 'ManagersPage') },
  {
    path: 'initial-questions',
    lazy: page(() => import('../features/ai-questions/pages/initial-questions-page'), 'InitialQuestionsPage'),
  },
];

const layoutRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import('../features/dashboard/pages/dashboard-page'), 'DashboardPage') },
  { path: 'clients', lazy: page(() => import('../features/clients/pages/clients-page'), 'ClientsPage') },
  { path: 'calendar', lazy: page(() => import('../features/calendar/pages/calendar-page'), 'CalendarPage') },
  { path: 'statistics', lazy: page(() => import('../features/statistics/pages/statistics-page'), 'StatisticsPage') },
  { path: 'history', lazy: page(() => import('../features/history/pages/history-page'), 'HistoryPage') },
  { path: 'knowledge', lazy: page(() => import('../features/knowledge/pages/knowledge-page'), 'KnowledgePage') },
  { path: 'admin-chat', lazy: page(() => import('../features/chats/pages/admin-chat-page'), 'AdminChatPage') },
  { path: 'gpt-chat', lazy: page(() => import('../features/ai/pages/gpt-chat-page'), 'GptChatPage') },
  { element: <AdminGuard />, children: adminRoutes },
];

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <RootErrorPage />,
    // Shown only while the first page's chunk loads; the page background is enough.
    hydrateFallbackElement: <div />,
    children: [
      { path: 'login', lazy: page(() => import('../features/auth/pages/login-page'), 'LoginPage') },
      {
        path: 'registration',
        lazy: page(() => import('../features/auth/pages/registration-page'), 'RegistrationPage'),
        // The invitation banner of the team feature, rendered by the page's <Outlet>.
        children: [
          { index: true, lazy: page(() => import('../features/team/components/invitation-banner'), 'InvitationBanner') },
        ],
      },
      { path: 'recovery', lazy: page(() => import('../features/auth/pages/recovery-page'), 'RecoveryPage') },
      {
        path: 'login_data_processing',
        lazy: page(() => import('../features/auth/pages/login-data-processing-page'), 'LoginDataProcessingPage'),
      },
      {
        element: <SessionRoute />,
        children: [
          {
            path: 'verify-email/:verifyHash?',
            lazy: page(() => import('../features/auth/pages/verify-email-page'), 'VerifyEmailPage'),
          },
          {
            path: 'create-project',
            lazy: page(() => import('../features/projects/pages/create-project-page'), 'CreateProjectPage'),
          },
          {
            element: <StartupGuard />,
            children: [
              {
                path: '/',
                lazy: page(() => import('./layout/main-layout'), 'MainLayout'),
                children: layoutRoutes,
              },
            ],
          },
        ],
      },
      { path: '*', lazy: page(() => import('./not-found-page'), 'NotFoundPage') },
    ],
  },
];

export const router = createBrowserRouter(routes);

// A 401 anywhere sends the user to /login through the router (no full page reload).
setUnauthorizedHandler(() => {
  void router.navigate('/login', { replace: true });
});
