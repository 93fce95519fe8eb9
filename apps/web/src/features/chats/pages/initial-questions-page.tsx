import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

/** Initial questions, groups and prompts come with the AI questions issue. */
export const InitialQuestionsPage = () => (
  <>
    <PageHeader title="AI вопросы" />
    <EmptyState icon="help" text="AI вопросов пока нет." />
  </>
);
