import { EmptyState } from '@/ui/empty-state';

/**
 * Body of the 425px side panel 'Уведомления на сегодня' (docs/product.md §2.3). The list, 'mark read' and
 * 'mark all read' come with the notifications issue.
 */
export const NotificationsPanel = () => <EmptyState plain icon="bell" text="Уведомлений на сегодня нет." />;

export const NOTIFICATIONS_PANEL = { title: 'Уведомления на сегодня', width: 425, kind: 'side' } as const;
