import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

/** The AI chat comes with the AI issue. */
export const GptChatPage = () => (
  <>
    <PageHeader title="Чат с GPT" />
    <EmptyState icon="sparkles" text="Чатов с GPT пока нет." />
  </>
);
