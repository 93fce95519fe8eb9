import { paths } from '@/lib/paths';
import { lazyPage, type RouteFragment } from '@/lib/route-fragment';

export const aiRoutes: RouteFragment = {
  layout: [{ path: paths.gptChat, lazy: lazyPage(() => import('./pages/gpt-chat-page'), 'GptChatPage') }],
  admin: [
    {
      path: paths.initialQuestions,
      lazy: lazyPage(() => import('./pages/initial-questions-page'), 'InitialQuestionsPage'),
    },
  ],
};
