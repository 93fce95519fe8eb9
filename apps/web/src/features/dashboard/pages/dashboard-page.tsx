import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

/** The start page: today's reminders and the calendar come with the reminders issue. */
export const DashboardPage = () => (
  <>
    <PageHeader title="Главная" />
    <EmptyState icon="home" text="Напоминаний на сегодня пока нет." />
  </>
);
