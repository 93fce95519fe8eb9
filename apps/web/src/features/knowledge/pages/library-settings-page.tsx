import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

/** The knowledge page in edit mode (admins); comes with the knowledge issue. */
export const LibrarySettingsPage = () => (
  <>
    <PageHeader title="Настройки библиотеки" />
    <EmptyState icon="knowledge" text="Тем и статей пока нет — здесь их можно будет добавлять и редактировать." />
  </>
);
