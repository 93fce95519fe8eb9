import { ComingSoon } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

/** Scenario cards grouped by event come with the scenarios issue. */
export const AutoRemindersPage = () => (
  <>
    <PageHeader title="Авто-напоминания" />
    <ComingSoon icon="autoReminder" feature="авто-напоминания" text="Сценарии сами создадут напоминания, когда клиент попадёт в категорию или получит нужное значение поля." />
  </>
);
