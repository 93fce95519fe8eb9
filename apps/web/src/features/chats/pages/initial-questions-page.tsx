import { ComingSoon } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

/** Initial questions, groups and prompts come with the AI questions issue. */
export const InitialQuestionsPage = () => (
  <>
    <PageHeader title="AI вопросы" />
    <ComingSoon icon="help" feature="AI вопросы" text="Вопросы о продукте и клиентах: из ответов на них сложится подсказка для чата с GPT." />
  </>
);
