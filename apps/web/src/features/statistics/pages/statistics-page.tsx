import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

/** Funnel, sums and goals charts come with the statistics issue. */
export const StatisticsPage = () => (
  <>
    <PageHeader title="Статистика" />
    <EmptyState icon="statistics" text="Статистика появится, когда в проекте будут клиенты и напоминания." />
  </>
);
