import { EmptyState } from '../../../ui/empty-state';
import { PageHeader } from '../../../ui/page-header';

/** Serves /managers and /managers/:managerId; invitations and members come with the team issue. */
export const ManagersPage = () => (
  <>
    <PageHeader title="Менеджеры" />
    <EmptyState icon="team" text="В проекте пока нет менеджеров." />
  </>
);
