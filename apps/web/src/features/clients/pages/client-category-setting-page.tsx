import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

/** Pipeline stages and their hints come with the categories issue. */
export const ClientCategorySettingPage = () => (
  <>
    <PageHeader title="Категории клиентов" />
    <EmptyState icon="tag" text="Категорий клиентов пока нет." />
  </>
);
