import { ComingSoon } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

/** The client board by category comes with the clients issue. */
export const ClientsPage = () => (
  <>
    <PageHeader title="Клиенты" />
    <ComingSoon icon="clients" feature="доска клиентов" text="Клиенты будут двигаться по категориям воронки — с карточками, заметками и напоминаниями." />
  </>
);
