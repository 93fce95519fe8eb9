import { paths } from '@/lib/paths';
import { lazyPage, type RouteFragment } from '@/lib/route-fragment';

export const telegramRoutes: RouteFragment = {
  admin: [{ path: paths.telegram, lazy: lazyPage(() => import('./pages/telegram-page'), 'TelegramPage') }],
};
