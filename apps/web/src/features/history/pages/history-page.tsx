import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

/** The paged, filtered change log comes with the history issue. */
export const HistoryPage = () => (
  <>
    <PageHeader title="История действий" />
    <EmptyState icon="history" text="Изменений в проекте пока не было." />
  </>
);
