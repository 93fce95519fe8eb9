import { ComingSoon } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

/** The reminders calendar (week by default) comes with the reminders issue. */
export const CalendarPage = () => (
  <>
    <PageHeader title="Календарь" />
    <ComingSoon icon="calendar" feature="календарь напоминаний" text="Напоминания по клиентам на неделю или месяц: с переносом, чек-листами и отметкой о выполнении." />
  </>
);
