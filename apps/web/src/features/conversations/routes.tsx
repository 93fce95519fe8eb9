import { paths } from '@/lib/paths';
import { lazyPage, type RouteFragment } from '@/lib/route-fragment';

export const conversationsRoutes: RouteFragment = {
  layout: [
    { path: paths.adminChat, lazy: lazyPage(() => import('./pages/admin-chat-page'), 'AdminChatPage') },
  ],
  slots: {
    // 'Задать вопрос администратору' in the clients feature's client panel.
    'client-question': () => import('./components/ask-question'),
  },
};
