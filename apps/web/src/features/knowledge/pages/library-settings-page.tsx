import { ComingSoon } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

/** The knowledge page in edit mode (admins); comes with the knowledge issue. */
export const LibrarySettingsPage = () => (
  <>
    <PageHeader title="Настройки библиотеки" />
    <ComingSoon icon="knowledge" feature="редактор библиотеки" text="Здесь вы будете добавлять, править и упорядочивать темы и статьи библиотеки знаний." />
  </>
);
