import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

/** The client form builder comes with the client-form issue. */
export const ClientFormPage = () => (
  <>
    <PageHeader title="Форма клиента" />
    <EmptyState icon="form" text="Форма клиента пока не настроена." />
  </>
);
