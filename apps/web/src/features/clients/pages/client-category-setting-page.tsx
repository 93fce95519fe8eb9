import { ComingSoon } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

/** Pipeline stages and their hints come with the categories issue. */
export const ClientCategorySettingPage = () => (
  <>
    <PageHeader title="Категории клиентов" />
    <ComingSoon icon="tag" feature="категории клиентов" text="Здесь будут этапы воронки: их порядок, цвета, сроки и подсказки для менеджеров." />
  </>
);
