import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

/** The reminders calendar (week by default) comes with the reminders issue. */
export const CalendarPage = () => (
  <>
    <PageHeader title="Календарь" />
    <EmptyState icon="calendar" text="Запланированных напоминаний пока нет." />
  </>
);
