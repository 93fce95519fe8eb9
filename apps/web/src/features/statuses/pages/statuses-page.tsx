import { EmptyState } from '../../../ui/empty-state';
import { PageHeader } from '../../../ui/page-header';

/** Serves /status and /status/:statusId; statuses and goals come with the statuses issue. */
export const StatusesPage = () => (
  <>
    <PageHeader title="Статусы" />
    <EmptyState icon="flag" text="Статусов пока нет." />
  </>
);
