import { paths } from '@/app/paths';
import { lazyPage, type RouteFragment } from '@/app/route-fragment';

export const chatsRoutes: RouteFragment = {
  layout: [
    { path: paths.adminChat, lazy: lazyPage(() => import('./pages/admin-chat-page'), 'AdminChatPage') },
  ],
  slots: {
    // 'Задать вопрос администратору' in the clients feature's client panel.
    'client-question': () => import('./components/ask-question'),
  },
};
