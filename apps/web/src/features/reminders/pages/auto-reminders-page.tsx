import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

/** Scenario cards grouped by event come with the scenarios issue. */
export const AutoRemindersPage = () => (
  <>
    <PageHeader title="Авто-напоминания" />
    <EmptyState icon="autoReminder" text="Авто-напоминаний пока нет." />
  </>
);
