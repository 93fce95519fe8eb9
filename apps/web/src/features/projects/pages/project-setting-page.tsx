import { PageHeader } from '../../../ui/page-header';
import { EmptyState } from '../../../ui/empty-state';

/** Admin screen; its form (name and time zone, PUT /projects/{id}) comes with the settings issue. */
export const ProjectSettingPage = () => (
  <>
    <PageHeader title="Настройки проекта" />
    <EmptyState icon="sliders" text="Здесь можно будет изменить название и часовой пояс проекта." />
  </>
);
