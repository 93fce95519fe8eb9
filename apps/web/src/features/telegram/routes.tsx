import { paths } from '@/lib/paths';
import { lazyPage, type RouteFragment } from '@/lib/route-fragment';

export const telegramRoutes: RouteFragment = {
  layout: [{ path: paths.inbox, lazy: lazyPage(() => import('./pages/inbox-page'), 'InboxPage') }],
  admin: [{ path: paths.telegram, lazy: lazyPage(() => import('./pages/telegram-page'), 'TelegramPage') }],
  slots: {
    // A client's Telegram conversation on his page and in his panel.
    'client-telegram': () => import('./components/client-conversation'),
    // A member's own Telegram for notices, on his profile; who linked it, in the team's list.
    'profile-telegram': () => import('./links/components/profile-telegram'),
    'member-telegram': () => import('./links/components/member-telegram-mark'),
  },
};
