import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

/** The client board by category comes with the clients issue. */
export const ClientsPage = () => (
  <>
    <PageHeader title="Клиенты" />
    <EmptyState icon="clients" text="Клиентов пока нет — они появятся здесь по категориям воронки." />
  </>
);
