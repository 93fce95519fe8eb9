import { ComingSoon } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

/** The AI chat comes with the AI issue. */
export const GptChatPage = () => (
  <>
    <PageHeader title="Чат с GPT" />
    <ComingSoon icon="sparkles" feature="чат с GPT" text="Помощник ответит на вопросы о клиентах и продажах, опираясь на ответы проекта на AI вопросы." />
  </>
);
