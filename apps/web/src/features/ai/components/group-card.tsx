import { toast } from 'react-toastify';
import type { AiPrompt, AiQuestion } from '@crm/contract';
import { plural } from '@/lib/plural';
import { Button, IconButton } from '@/ui/button';
import { Card, CardHead, CardTitle } from '@/ui/card';
import { Icon } from '@/ui/icons';
import { useConfirm } from '@/ui/modal';
import { useDeleteAiGroup } from '@/features/ai/api/delete-ai-group';
import { useDeleteAiPrompt } from '@/features/ai/api/delete-ai-prompt';
import { useDeleteAiQuestion } from '@/features/ai/api/delete-ai-question';
import { FIELD_TYPE_LABELS } from '@/features/ai/lib/question-form';
import type { GroupSetup } from '@/features/ai/lib/setup';
import styles from './ai.module.css';

export const GROUP_DELETED = 'Группа удалена!';
export const QUESTION_DELETED = 'Вопрос удален!';
export const PROMPT_DELETED = 'Промпт удален!';

const questionsCount = (n: number) => `${n} ${plural(n, ['вопрос', 'вопроса', 'вопросов'])}`;
const promptsCount = (n: number) => `${n} ${plural(n, ['промпт', 'промпта', 'промптов'])}`;

export type GroupCardActions = {
  onRenameGroup: (group: GroupSetup) => void;
  onAddQuestion: (group: GroupSetup) => void;
  onEditQuestion: (group: GroupSetup, question: AiQuestion) => void;
  onAddPrompt: (group: GroupSetup) => void;
  onEditPrompt: (group: GroupSetup, prompt: AiPrompt) => void;
};

type GroupCardProps = GroupCardActions & { projectId: number; group: GroupSetup };

/** One question group: its questions in order, its prompts, and their actions. */
export const GroupCard = ({ projectId, group, ...actions }: GroupCardProps) => {
  const confirm = useConfirm();
  const deleteGroup = useDeleteAiGroup(projectId);
  const deleteQuestion = useDeleteAiQuestion(projectId);
  const deletePrompt = useDeleteAiPrompt(projectId);
  const titleId = `ai-group-${group.id}`;
  const byId = new Map(group.questions.map((q) => [q.id, q]));

  const askDeleteGroup = () =>
    void confirm({
      message: `Удалить группу «${group.name}»?`,
      hint:
        group.questions.length + group.prompts.length > 0
          ? `Вместе с ней удалятся ${questionsCount(group.questions.length)} и ${promptsCount(group.prompts.length)}. Начатые чаты останутся.`
          : undefined,
      onAgree: async () => {
        await deleteGroup.mutateAsync(group.id);
        toast.success(GROUP_DELETED);
      },
    });

  const askDeleteQuestion = (question: AiQuestion) => {
    const used = group.prompts.filter((p) => p.questions.includes(question.id)).length;
    void confirm({
      message: `Удалить вопрос «${question.question}»?`,
      hint:
        used > 0
          ? `Он уйдёт из ${used} ${used % 10 === 1 && used % 100 !== 11 ? 'промпта' : 'промптов'}, где он есть.`
          : undefined,
      onAgree: async () => {
        await deleteQuestion.mutateAsync(question.id);
        toast.success(QUESTION_DELETED);
      },
    });
  };

  const askDeletePrompt = (prompt: AiPrompt) =>
    void confirm({
      message: `Удалить промпт «${prompt.name}»?`,
      hint: 'Начатые с ним чаты останутся.',
      onAgree: async () => {
        await deletePrompt.mutateAsync(prompt.id);
        toast.success(PROMPT_DELETED);
      },
    });

  return (
    <Card aria-labelledby={titleId} data-testid="ai-group" data-group={group.name}>
      <CardHead
        text={`${questionsCount(group.questions.length)} · ${promptsCount(group.prompts.length)}`}
        actions={
          <div className={styles.rowActions}>
            <IconButton
              label={`Переименовать группу «${group.name}»`}
              onClick={() => actions.onRenameGroup(group)}
            >
              <Icon name="edit" size={18} />
            </IconButton>
            <IconButton label={`Удалить группу «${group.name}»`} destructive onClick={askDeleteGroup}>
              <Icon name="trash" size={18} />
            </IconButton>
          </div>
        }
      >
        <CardTitle id={titleId}>
          <span className={styles.groupName}>{group.name}</span>
        </CardTitle>
      </CardHead>
      <div className={styles.groupBody}>
        <section aria-labelledby={`${titleId}-questions`} className={styles.column}>
          <div className={styles.columnHead}>
            <h3 id={`${titleId}-questions`} className={styles.columnTitle}>
              Вопросы
            </h3>
            <Button variant="secondary" onClick={() => actions.onAddQuestion(group)}>
              <Icon name="plus" size={18} />
              Добавить вопрос
            </Button>
          </div>
          {group.questions.length === 0 ? (
            <p className={styles.columnEmpty}>
              Вопросов пока нет: добавьте первый, например «Что вы продаёте?».
            </p>
          ) : (
            <ol className={styles.rows}>
              {group.questions.map((question) => (
                <li key={question.id} className={styles.row} data-testid="ai-question">
                  <span className={styles.order} title="Порядок">
                    {question.order}
                  </span>
                  <div className={styles.rowMain}>
                    <span className={styles.rowName} data-testid="ai-question-text">
                      {question.question}
                    </span>
                    <span className={styles.rowMeta}>
                      <span className={styles.typeBadge}>{FIELD_TYPE_LABELS[question.field_type]}</span>
                      {question.field_type === 'select' && (
                        <span className={styles.rowOptions}>
                          {question.options.map((o) => o.value).join(' · ')}
                        </span>
                      )}
                    </span>
                    {question.description && (
                      <span className={styles.rowDescription}>{question.description}</span>
                    )}
                  </div>
                  <div className={styles.rowActions}>
                    <IconButton
                      label={`Редактировать вопрос «${question.question}»`}
                      onClick={() => actions.onEditQuestion(group, question)}
                    >
                      <Icon name="edit" size={18} />
                    </IconButton>
                    <IconButton
                      label={`Удалить вопрос «${question.question}»`}
                      destructive
                      onClick={() => askDeleteQuestion(question)}
                    >
                      <Icon name="trash" size={18} />
                    </IconButton>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby={`${titleId}-prompts`} className={styles.column}>
          <div className={styles.columnHead}>
            <h3 id={`${titleId}-prompts`} className={styles.columnTitle}>
              Промпты
            </h3>
            <Button
              variant="secondary"
              onClick={() => actions.onAddPrompt(group)}
              disabled={group.questions.length === 0}
              title={group.questions.length === 0 ? 'Сначала добавьте вопросы в группу' : undefined}
            >
              <Icon name="plus" size={18} />
              Добавить промпт
            </Button>
          </div>
          {group.prompts.length === 0 ? (
            <p className={styles.columnEmpty}>
              {group.questions.length === 0
                ? 'Промпт собирается из вопросов группы: сначала добавьте вопросы.'
                : 'Промптов пока нет: соберите первый из вопросов группы, с него менеджеры начнут чат с GPT.'}
            </p>
          ) : (
            <ul className={styles.rows}>
              {group.prompts.map((prompt) => (
                <li key={prompt.id} className={styles.row} data-testid="ai-prompt">
                  <span className={styles.promptIcon} aria-hidden="true">
                    <Icon name="sparkles" size={16} />
                  </span>
                  <div className={styles.rowMain}>
                    <span className={styles.rowName} data-testid="ai-prompt-name">
                      {prompt.name}
                    </span>
                    <span className={styles.rowDescription}>
                      {prompt.questions
                        .map((id) => byId.get(id)?.question)
                        .filter(Boolean)
                        .join(' → ')}
                    </span>
                  </div>
                  <div className={styles.rowActions}>
                    <IconButton
                      label={`Редактировать промпт «${prompt.name}»`}
                      onClick={() => actions.onEditPrompt(group, prompt)}
                    >
                      <Icon name="edit" size={18} />
                    </IconButton>
                    <IconButton
                      label={`Удалить промпт «${prompt.name}»`}
                      destructive
                      onClick={() => askDeletePrompt(prompt)}
                    >
                      <Icon name="trash" size={18} />
                    </IconButton>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </Card>
  );
};
