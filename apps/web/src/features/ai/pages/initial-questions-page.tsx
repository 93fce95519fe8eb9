import { useAdminProjectId } from '@/lib/session-context';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { EmptyState, LoadError } from '@/ui/empty-state';
import { Icon } from '@/ui/icons';
import { PageHeader } from '@/ui/page-header';
import { Skeleton, Loading } from '@/ui/skeleton';
import { useAiGroups } from '@/features/ai/api/get-ai-groups';
import { useAiPrompts } from '@/features/ai/api/get-ai-prompts';
import { useAiQuestions } from '@/features/ai/api/get-ai-questions';
import { GroupCard } from '@/features/ai/components/group-card';
import { useSetupModals } from '@/features/ai/components/use-setup-modals';
import styles from '@/features/ai/components/ai.module.css';
import { groupSetup } from '@/features/ai/lib/setup';

const SetupSkeleton = () => (
  <Loading className={styles.groups} label="Загрузка вопросов" data-testid="ai-setup-skeleton">
    {[0, 1].map((i) => (
      <Card key={i}>
        <Skeleton width={220} height={20} />
        <div className={styles.groupBody}>
          {[0, 1].map((c) => (
            <div key={c} className={styles.column}>
              <Skeleton width="40%" height={16} />
              <Skeleton height={44} />
              <Skeleton height={44} />
            </div>
          ))}
        </div>
      </Card>
    ))}
  </Loading>
);

/**
 * /initial-questions 'AI вопросы' (admins): question groups, each with its questions in order and
 * the prompts built from them; a person starts a chat with GPT from a prompt and answers its
 * questions (docs/product.md §4.14).
 */
export const InitialQuestionsPage = () => {
  const projectId = useAdminProjectId();
  const groupsQuery = useAiGroups(projectId);
  const questionsQuery = useAiQuestions(projectId);
  const promptsQuery = useAiPrompts(projectId);
  const { openGroup, openQuestion, openPrompt } = useSetupModals(projectId);

  const queries = [groupsQuery, questionsQuery, promptsQuery];
  const loaded = queries.every((q) => q.data !== undefined);
  const failed = queries.some((q) => q.isError) && !loaded;
  const groups = loaded ? groupSetup(groupsQuery.data, questionsQuery.data, promptsQuery.data) : [];

  const addGroup = () => openGroup();

  let body;
  if (failed) {
    body = (
      <LoadError
        text="Не удалось загрузить AI вопросы."
        onRetry={() => queries.forEach((q) => q.isError && void q.refetch())}
      />
    );
  } else if (!loaded || projectId === null) {
    body = <SetupSkeleton />;
  } else if (groups.length === 0) {
    body = (
      <EmptyState
        icon="help"
        text="Групп вопросов пока нет: создайте первую, добавьте в неё вопросы и соберите из них промпт для чата с GPT."
        action={
          <Button variant="secondary" onClick={addGroup}>
            <Icon name="plus" size={18} />
            Добавить группу
          </Button>
        }
      />
    );
  } else {
    body = (
      <div className={styles.groups}>
        <p className={styles.pageNote}>
          Из ответов на вопросы промпта складывается подсказка для модели: текст «Промпт» каждого вопроса, а
          за ним ответ менеджера.
        </p>
        {groups.map((group) => (
          <GroupCard
            key={group.id}
            projectId={projectId}
            group={group}
            onRenameGroup={openGroup}
            onAddQuestion={(g) => openQuestion(g)}
            onEditQuestion={openQuestion}
            onAddPrompt={(g) => openPrompt(g)}
            onEditPrompt={openPrompt}
          />
        ))}
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title="AI вопросы"
        actions={
          <Button onClick={addGroup} disabled={projectId === null}>
            <Icon name="plus" size={18} />
            Добавить группу
          </Button>
        }
      />
      {body}
    </>
  );
};
