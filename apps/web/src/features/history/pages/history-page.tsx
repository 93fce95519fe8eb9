import { ComingSoon } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

/** The paged, filtered change log comes with the history issue. */
export const HistoryPage = () => (
  <>
    <PageHeader title="История действий" />
    <ComingSoon icon="history" feature="история действий" text="Кто и когда менял клиентов, статусы и настройки проекта — с фильтрами по людям и датам." />
  </>
);
