import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

/** Topics and articles come with the knowledge issue. */
export const KnowledgePage = () => (
  <>
    <PageHeader title="Библиотека знаний" />
    <EmptyState icon="knowledge" text="В библиотеке пока нет статей." />
  </>
);
