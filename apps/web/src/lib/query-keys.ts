import type {
  CalendarQuery,
  ClientSearchQuery,
  HistoryQuery,
  KnowledgePostsQuery,
  KnowledgeSearchQuery,
  RemindersQuery,
  Role,
  StatisticsQuery,
  TodayQuery,
} from '@crm/contract';

/** Everything the app caches about one project starts with this key (see `queryKeys.project`). */
const project = (projectId: number) => ['projects', projectId] as const;
const user = () => ['user'] as const;
const clients = (projectId: number) => [...project(projectId), 'clients'] as const;
const statuses = (projectId: number) => [...project(projectId), 'statuses'] as const;
const status = (projectId: number, statusId: number) => [...statuses(projectId), statusId] as const;
const knowledge = (projectId: number) => [...project(projectId), 'knowledge'] as const;
const reminders = (projectId: number) => [...project(projectId), 'reminders'] as const;

/**
 * Every query key of the web app, in one place. Keys are hierarchical, so invalidating a prefix
 * refreshes everything under it: `project(id)` every answer about that project, `statuses.list(id)`
 * the list, each status and its goals, `user()` the user and his project list.
 */
export const queryKeys = {
  /** GET /user; also the prefix of `userProjects`. */
  user,
  /** GET /user/projects: the project selector's list. */
  userProjects: () => [...user(), 'projects'] as const,
  /** The prefix of every key of one project. */
  project,
  projects: {
    /** GET /projects/{id}: the settings screen. */
    settings: (projectId: number) => [...project(projectId), 'settings'] as const,
    /** GET /projects/{id}/user: the signed-in user's place in the project. */
    me: (projectId: number) => [...project(projectId), 'user'] as const,
  },
  /** GET …/telegram: the project's bot. */
  telegram: (projectId: number) => [...project(projectId), 'telegram'] as const,
  /** GET …/telegram/link: the caller's own Telegram for notices; GET …/telegram/links: who linked (admins). */
  telegramLink: {
    mine: (projectId: number) => [...project(projectId), 'telegram-link', 'mine'] as const,
    members: (projectId: number) => [...project(projectId), 'telegram-link', 'members'] as const,
  },
  /** Clients' Telegram conversations (telegram feature). */
  inbox: {
    /** Every answer about them: what a new message refreshes. */
    all: (projectId: number) => [...project(projectId), 'inbox'] as const,
    /** GET …/inbox?filter: the pages loaded so far. */
    list: (projectId: number, filter: 'mine' | 'all') => [...project(projectId), 'inbox', 'list', filter] as const,
    /** GET …/inbox/unread: the menu's badge. */
    unread: (projectId: number) => [...project(projectId), 'inbox', 'unread'] as const,
    /** GET …/clients/{id}/messages: the pages loaded so far, newest first. */
    client: (projectId: number, clientId: number) => [...project(projectId), 'inbox', 'client', clientId] as const,
  },
  integrations: {
    /** GET …/api-keys: the keys not revoked. */
    apiKeys: (projectId: number) => [...project(projectId), 'api-keys'] as const,
    /** GET …/webhooks; the prefix of each endpoint's log. */
    webhooks: (projectId: number) => [...project(projectId), 'webhooks'] as const,
    /** GET …/lead-forms. */
    leadForms: (projectId: number) => [...project(projectId), 'lead-forms'] as const,
    deliveries: (projectId: number, webhookId: number, page: number) =>
      [...project(projectId), 'webhooks', webhookId, 'deliveries', page] as const,
  },
  statuses: {
    /** The list; the prefix of each status and its goals. */
    list: statuses,
    one: status,
    goals: (projectId: number, statusId: number) => [...status(projectId, statusId), 'goals'] as const,
  },
  clientCategories: {
    list: (projectId: number) => [...project(projectId), 'client-categories'] as const,
    /** Clients per category: under `clients`, so whatever changes clients refreshes it. */
    clientCounts: (projectId: number) => [...clients(projectId), 'category-counts'] as const,
    /** GET …/loss-reasons: the reasons a client is lost, as the admins keep them. */
    lossReasons: (projectId: number) => [...project(projectId), 'loss-reasons'] as const,
  },
  clientForm: {
    /** GET …/form: the groups with their fields; the prefix of the searchable fields. */
    groups: (projectId: number) => [...project(projectId), 'form'] as const,
    /** GET …/clients/searchable-fields: the search's extra filter, built from the form. */
    searchableFields: (projectId: number) => [...project(projectId), 'form', 'searchable-fields'] as const,
  },
  clientImports: {
    /** Every answer about the project's imports: what a live change refreshes. */
    all: (projectId: number) => [...project(projectId), 'client-imports'] as const,
    /** GET …/client-imports: the project's imports, newest first. */
    list: (projectId: number) => [...project(projectId), 'client-imports', 'list'] as const,
    /** GET …/client-imports/{id}: one import, its step, progress and counts. */
    one: (projectId: number, importId: number) =>
      [...project(projectId), 'client-imports', 'one', importId] as const,
  },
  clients: {
    /** Every answer about clients (board columns, one client, notes): the prefix to refresh. */
    all: clients,
    /**
     * The board: one column's pages for a category, a date range, a manager (0: all) and a saved
     * view's words and traffic.
     */
    column: (
      projectId: number,
      categoryId: number,
      range: {
        from?: string;
        to?: string;
        manager?: number;
        search?: string;
        traffic?: string;
        option_id?: number;
        status?: number;
      },
    ) =>
      [
        ...clients(projectId),
        'column',
        categoryId,
        range.from ?? '',
        range.to ?? '',
        range.manager ?? 0,
        range.search ?? '',
        range.traffic ?? '',
        range.option_id ?? 0,
        range.status ?? 0,
      ] as const,
    /** The board's columns, every range: the prefix a move or a save refreshes. */
    columns: (projectId: number) => [...clients(projectId), 'column'] as const,
    one: (projectId: number, clientId: number) => [...clients(projectId), 'one', clientId] as const,
    notes: (projectId: number, clientId: number) =>
      [...clients(projectId), 'one', clientId, 'notes'] as const,
    /** The client's page and its timeline's pages: under `one`, so his changes refresh it. */
    page: (projectId: number, clientId: number) => [...clients(projectId), 'one', clientId, 'page'] as const,
    /** GET …/clients/search, the search modal: the pages loaded so far for one text and filters. */
    search: (projectId: number, query: ClientSearchQuery) =>
      [...clients(projectId), 'search', query] as const,
    /** GET …/clients/search, one numbered page (a manager's clients on his page). */
    searchPage: (projectId: number, query: ClientSearchQuery) =>
      [...clients(projectId), 'search-page', query] as const,
    /** GET …/clients/list, the list view: the pages loaded so far for one set of filters and sort. */
    list: (projectId: number, query: object) => [...clients(projectId), 'list', query] as const,
    /** GET …/clients/column-totals: each board column's count and sum under the board's filters. */
    totals: (projectId: number, query: object) => [...clients(projectId), 'totals', query] as const,
    /** GET …/client-bulk-actions: the caller's bulk actions still running (their progress). */
    bulkRunning: (projectId: number) => [...project(projectId), 'client-bulk', 'running'] as const,
    /** GET …/client-views: the caller's and the team's saved views. */
    views: (projectId: number) => [...project(projectId), 'client-views'] as const,
    /** GET …/clients/duplicate-groups: one page of the 'Дубли' view. */
    duplicateGroups: (projectId: number, page: number) =>
      [...clients(projectId), 'duplicate-groups', page] as const,
    /** GET …/clients/{id}/duplicates: the clients one client duplicates ('Объединить'). */
    duplicatesOf: (projectId: number, clientId: number) =>
      [...clients(projectId), 'one', clientId, 'duplicates'] as const,
  },
  team: {
    /** GET …/team: the admins' view with emails and statuses. */
    team: (projectId: number) => [...project(projectId), 'team'] as const,
    /** GET …/members[?role=]. */
    members: (projectId: number, role?: Role) => [...project(projectId), 'members', role ?? 'all'] as const,
    /** GET …/users/{userId}: a member's page. */
    member: (projectId: number, userId: number) => [...project(projectId), 'users', userId] as const,
    invitations: (projectId: number) => [...project(projectId), 'invitations'] as const,
    /** GET /invitations/{token} (public, outside any project). */
    invitationPreview: (token: string) => ['invitations', token] as const,
  },
  knowledge: {
    /** Every answer about the library: what a write refreshes (counts, lists, search, articles). */
    all: knowledge,
    /** GET …/knowledge-base/categories: the topics with their article counts. */
    categories: (projectId: number) => [...knowledge(projectId), 'categories'] as const,
    /** GET …/knowledge-base/posts: one page of a topic's articles (or of the whole library). */
    posts: (projectId: number, query: KnowledgePostsQuery) =>
      [...knowledge(projectId), 'posts', query] as const,
    /** GET …/knowledge-base/posts/{id}: one article, opened from a search result. */
    post: (projectId: number, postId: number) => [...knowledge(projectId), 'post', postId] as const,
    /** GET …/knowledge-base/posts/search: one page of the articles matching a text. */
    search: (projectId: number, query: KnowledgeSearchQuery) =>
      [...knowledge(projectId), 'search', query] as const,
  },
  scenarios: {
    /** GET …/client-reminder-templates: every scenario of the project (the auto-reminders page). */
    list: (projectId: number) => [...project(projectId), 'scenarios', 'list'] as const,
    /** GET …/client-reminder-templates/events: the categories and select fields a scenario can start from. */
    events: (projectId: number) => [...project(projectId), 'scenarios', 'events'] as const,
  },
  reminders: {
    /** Every answer about reminders (calendar, today, lists, one reminder): what an action refreshes. */
    all: reminders,
    /** GET …/client-reminders/calendar: one window (start day, period, manager). */
    calendar: (projectId: number, query: CalendarQuery) =>
      [...reminders(projectId), 'calendar', query] as const,
    /** GET …/client-reminders: one page of a filtered list (a client's, a manager's). */
    list: (projectId: number, query: RemindersQuery) => [...reminders(projectId), 'list', query] as const,
    /** GET …/client-reminders/today: today's, narrowed by a scenario's category or option. */
    today: (projectId: number, query: TodayQuery) => [...reminders(projectId), 'today', query] as const,
    /** GET …/client-reminders/today/categories: the filters of today's view, with counts. */
    todayFilters: (projectId: number) => [...reminders(projectId), 'today-filters'] as const,
    /** GET …/client-reminders/{id}: one reminder in full (the details modal). */
    one: (projectId: number, reminderId: number) => [...reminders(projectId), 'one', reminderId] as const,
    /**
     * GET …/client-reminders/next: a board card's next reminder. Under `clients`, so whatever
     * changes clients (a move starts a scenario) refreshes it; a reminder's action refreshes `nextAll`.
     */
    next: (projectId: number, clientId: number) =>
      [...clients(projectId), 'next-reminder', clientId] as const,
    nextAll: (projectId: number) => [...clients(projectId), 'next-reminder'] as const,
  },
  ai: {
    /** GET …/ai-chats/initial-question-groups and initial-questions, prompts: what an admin's write refreshes. */
    setup: (projectId: number) => [...project(projectId), 'ai', 'setup'] as const,
    groups: (projectId: number) => [...project(projectId), 'ai', 'setup', 'groups'] as const,
    questions: (projectId: number) => [...project(projectId), 'ai', 'setup', 'questions'] as const,
    prompts: (projectId: number) => [...project(projectId), 'ai', 'setup', 'prompts'] as const,
    /** GET …/ai-chats/config: whether the server has a model. */
    config: (projectId: number) => [...project(projectId), 'ai', 'config'] as const,
    /** GET …/ai-chats: the person's own chats. */
    chats: (projectId: number) => [...project(projectId), 'ai', 'chats'] as const,
    /** GET …/ai-chats/{id}/messages: apart from the list, which every reply refreshes. */
    messages: (projectId: number, chatId: number) =>
      [...project(projectId), 'ai', 'messages', chatId] as const,
  },
  conversations: {
    /** Every answer about the chat with the administrators: what a catch-up refreshes. */
    all: (projectId: number) => [...project(projectId), 'conversations'] as const,
    /** GET …/conversations: the list, latest message first. */
    list: (projectId: number) => [...project(projectId), 'conversations', 'list'] as const,
    /** GET …/conversations/{id}: one conversation (opened by a link, not in the list). */
    one: (projectId: number, id: number) => [...project(projectId), 'conversations', 'one', id] as const,
    /** GET …/conversations/{id}/message: the pages loaded so far, newest page first. */
    messages: (projectId: number, id: number) =>
      [...project(projectId), 'conversations', 'messages', id] as const,
  },
  /** GET …/statistics: one period's figures, the team's or one member's. */
  statistics: (projectId: number, query: StatisticsQuery) =>
    [...project(projectId), 'statistics', query] as const,
  history: {
    /** GET …/history: the pages loaded so far for one set of filters (the cursor is the page's). */
    list: (projectId: number, query: Omit<HistoryQuery, 'before'>) =>
      [...project(projectId), 'history', query] as const,
    /** GET …/history/former-members (a removal refreshes it with the project's answers). */
    formerMembers: (projectId: number) => [...project(projectId), 'history-former-members'] as const,
  },
  notifications: {
    /** The bell's answers for one project (count and list): what marking as read refreshes. */
    all: (projectId: number) => ['notifications', projectId] as const,
    /** GET /notifications/unread-count?project_id=: the badge. */
    unreadCount: (projectId: number) => ['notifications', projectId, 'unread-count'] as const,
    /** GET /notifications?project_id=: the panel 'Уведомления на сегодня'. */
    list: (projectId: number) => ['notifications', projectId, 'list'] as const,
  },
} as const;
