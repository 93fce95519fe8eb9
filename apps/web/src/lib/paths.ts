/**
 * Every route of the web app, named once (docs/product.md §2.2). The router, the menus, links,
 * navigate() calls and redirects take their paths from here; a page with a parameter has a
 * function for its links and an entry in `patterns` for the router.
 */
export const paths = {
  home: '/',
  // Visitors: the sign-in pages.
  login: '/login',
  registration: '/registration',
  recovery: '/recovery',
  loginDataProcessing: '/login_data_processing',
  // Signed in, outside the main layout.
  verifyEmail: '/verify-email',
  createProject: '/create-project',
  // The main layout, every member.
  clients: '/clients',
  /** A client's own page (issue 30): his data, actions and timeline. */
  client: (clientId: number) => `/clients/${clientId}`,
  calendar: '/calendar',
  statistics: '/statistics',
  history: '/history',
  knowledge: '/knowledge',
  adminChat: '/admin-chat',
  /** Clients' Telegram conversations; `?client=` opens one. */
  inbox: '/inbox',
  inboxClient: (clientId: number) => `/inbox?client=${clientId}`,
  gptChat: '/gpt-chat',
  /** The signed-in person's own page: his account and his Telegram for notices. */
  profile: '/profile',
  // The main layout, admins.
  clientForm: '/client_form',
  /** The client import; `?id=` opens one import (a reload comes back to it). */
  clientsImport: '/clients/import',
  clientDuplicates: '/clients/duplicates',
  autoReminders: '/auto-reminders',
  librarySettings: '/library-settings',
  statuses: '/status',
  status: (statusId: number) => `/status/${statusId}`,
  clientCategorySetting: '/client-category-setting',
  projectSetting: '/project-setting',
  /** The project's API keys (and later its webhooks and lead forms): a tab of the settings. */
  integrations: '/project-setting/integrations',
  /** The project's Telegram bot: a tab of the settings. */
  telegram: '/project-setting/telegram',
  managers: '/managers',
  manager: (managerId: number) => `/managers/${managerId}`,
  initialQuestions: '/initial-questions',
} as const;

/** The router's patterns of the pages that take a parameter (`?`: the list without it). */
export const patterns = {
  verifyEmail: `${paths.verifyEmail}/:verifyHash?`,
  status: `${paths.statuses}/:statusId?`,
  /** /clients/import and /clients/duplicates rank before it (fixed segments win). */
  client: `${paths.clients}/:clientId`,
  manager: `${paths.managers}/:managerId?`,
  notFound: '*',
} as const;
