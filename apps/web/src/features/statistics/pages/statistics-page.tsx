import { ComingSoon } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

/** Funnel, sums and goals charts come with the statistics issue. */
export const StatisticsPage = () => (
  <>
    <PageHeader title="Статистика" />
    <ComingSoon icon="statistics" feature="статистика" text="Воронка по категориям, суммы клиентов и выполнение целей каждым менеджером за выбранный период." />
  </>
);
