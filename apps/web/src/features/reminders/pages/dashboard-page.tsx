import { ComingSoon } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

/** The start page: today's reminders and the calendar come with the reminders issue. */
export const DashboardPage = () => (
  <>
    <PageHeader title="Главная" />
    <ComingSoon icon="home" feature="напоминания на сегодня и календарь" text="Здесь будут ваши напоминания на сегодня и календарь, чтобы день начинался с главного." />
  </>
);
