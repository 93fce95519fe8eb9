import { ComingSoon } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

/** Topics and articles come with the knowledge issue. */
export const KnowledgePage = () => (
  <>
    <PageHeader title="Библиотека знаний" />
    <ComingSoon icon="knowledge" feature="библиотека знаний" text="Темы и статьи с ответами на частые вопросы клиентов и правилами работы отдела." />
  </>
);
