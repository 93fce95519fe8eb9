import { useRef } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { AiChat, AiQuestion } from '@crm/contract';
import { applyServerErrors } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session-context';
import { Button } from '@/ui/button';
import { ButtonLink } from '@/ui/button-link';
import { EmptyState, LoadError } from '@/ui/empty-state';
import formStyles from '@/ui/form.module.css';
import { Icon } from '@/ui/icons';
import { Input } from '@/ui/input';
import { Select } from '@/ui/select';
import { Skeleton, Loading } from '@/ui/skeleton';
import { useCreateAiChat } from '@/features/ai/api/create-ai-chat';
import { useAiPrompts } from '@/features/ai/api/get-ai-prompts';
import { useAiQuestions } from '@/features/ai/api/get-ai-questions';
import { newChatErrorFields, newChatSchema } from '@/features/ai/lib/new-chat-form';
import { TextareaField } from '@/ui/textarea-field';
import styles from './chat.module.css';

type NewChatFormProps = {
  projectId: number;
  onStarted: (chat: AiChat) => void;
  /** Phones: back to the list of chats. */
  onBack?: () => void;
};

/** The answer box of one question by its type: a line, a select of its options, or a textarea. */
const AnswerField = ({
  question,
  value,
  error,
  onChange,
}: {
  question: AiQuestion;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) => {
  const common = { label: question.question, required: true, hint: question.description ?? undefined, error };
  if (question.field_type === 'select') {
    return (
      <Select
        {...common}
        placeholder="Выберите вариант"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {question.options.map((option) => (
          <option key={option.id} value={option.value}>
            {option.value}
          </option>
        ))}
      </Select>
    );
  }
  if (question.field_type === 'textarea') {
    return (
      <TextareaField {...common} rows={4} value={value} onChange={(event) => onChange(event.target.value)} />
    );
  }
  return (
    <Input {...common} autoComplete="off" value={value} onChange={(event) => onChange(event.target.value)} />
  );
};

/**
 * 'Новый чат': choose a prompt (of any group), answer each of its questions (all required), then
 * start; the answers tell the model about the person's business before the first message.
 */
export const NewChatForm = ({ projectId, onStarted, onBack }: NewChatFormProps) => {
  const { isAdmin } = useSession();
  const promptsQuery = useAiPrompts(projectId);
  const questionsQuery = useAiQuestions(projectId);
  const create = useCreateAiChat(projectId);
  const { control, handleSubmit, setError, reset, getValues, watch } = useForm({
    resolver: zodResolver(newChatSchema),
    defaultValues: { answers: [] },
  });
  // What was typed for a question stays with it when another prompt is chosen, and back.
  const typed = useRef(new Map<number, string>());

  const groups = questionsQuery.data;
  const prompts = promptsQuery.data;
  const questionsById = new Map(groups?.flatMap((g) => g.questions.map((q) => [q.id, q] as const)));
  const promptId = watch('prompt_id');
  const prompt = prompts?.find((p) => p.id === promptId);
  const answers = watch('answers');

  /** A prompt chosen: its questions to answer, and no message until the next try. */
  const choosePrompt = (value: string) => {
    for (const { question_id, answer } of getValues('answers')) typed.current.set(question_id, answer);
    const chosen = prompts?.find((p) => String(p.id) === value);
    reset({
      prompt_id: chosen?.id,
      answers: (chosen?.questions ?? [])
        .filter((id) => questionsById.has(id))
        .map((id) => ({ question_id: id, answer: typed.current.get(id) ?? '' })),
    });
  };

  const onSubmit = handleSubmit(async (body) => {
    let chat;
    try {
      chat = await create.mutateAsync(body);
    } catch (error) {
      const { fields, renamed } = newChatErrorFields(body.answers.length);
      applyServerErrors(error, setError, fields, renamed);
      return;
    }
    onStarted(chat);
  });

  const head = (
    <div className={styles.newHead}>
      {onBack && (
        <Button variant="ghost" className={styles.back} onClick={onBack}>
          <Icon name="chevronLeft" size={18} />
          Чаты
        </Button>
      )}
      <h2 className={styles.chatHeadTitle}>Новый чат</h2>
      <p className={styles.chatHeadMeta}>
        Выберите промпт и ответьте на его вопросы: из ответов модель узнает о вашем деле и клиентах.
      </p>
    </div>
  );

  let body;
  if ((promptsQuery.isError && !prompts) || (questionsQuery.isError && !groups)) {
    body = (
      <LoadError
        plain
        text="Не удалось загрузить промпты."
        onRetry={() => {
          void promptsQuery.refetch();
          void questionsQuery.refetch();
        }}
      />
    );
  } else if (!prompts || !groups) {
    body = (
      <Loading className={styles.formSkeleton} label="Загрузка промптов">
        <Skeleton width="30%" height={14} />
        <Skeleton height={40} />
        <Skeleton width="40%" height={14} />
        <Skeleton height={40} />
      </Loading>
    );
  } else if (prompts.length === 0) {
    body = (
      <EmptyState
        plain
        icon="sparkles"
        text={
          isAdmin
            ? 'Промптов пока нет: соберите первый из вопросов на странице «AI вопросы».'
            : 'Промптов пока нет: попросите администратора собрать промпт на странице «AI вопросы».'
        }
        action={
          isAdmin ? (
            <ButtonLink variant="secondary" to={paths.initialQuestions}>
              Открыть «AI вопросы»
            </ButtonLink>
          ) : undefined
        }
      />
    );
  } else {
    const groupNames = new Map(groups.map((g) => [g.id, g.name]));
    const byGroup = [...new Set(prompts.map((p) => p.ai_initial_question_group_id))];
    body = (
      <form
        className={`${formStyles.form} ${styles.newForm}`}
        onSubmit={onSubmit}
        noValidate
        data-testid="ai-new-chat"
      >
        <Controller
          control={control}
          name="prompt_id"
          render={({ field, fieldState }) => (
            <Select
              label="Промпт"
              required
              placeholder="Выберите промпт"
              ref={field.ref}
              name={field.name}
              value={field.value ?? ''}
              onChange={(event) => choosePrompt(event.target.value)}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            >
              {byGroup.map((groupId) => (
                <optgroup key={groupId} label={groupNames.get(groupId) ?? 'Без группы'}>
                  {prompts
                    .filter((p) => p.ai_initial_question_group_id === groupId)
                    .map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name}
                      </option>
                    ))}
                </optgroup>
              ))}
            </Select>
          )}
        />
        {prompt && answers.length === 0 && (
          <p className={formStyles.note}>У этого промпта нет вопросов: чат начнётся без ответов.</p>
        )}
        {prompt &&
          answers.map(({ question_id }, index) => {
            const question = questionsById.get(question_id);
            return (
              question && (
                <Controller
                  key={question_id}
                  control={control}
                  name={`answers.${index}.answer`}
                  render={({ field, fieldState }) => (
                    <AnswerField
                      question={question}
                      value={field.value}
                      error={fieldState.error?.message}
                      onChange={field.onChange}
                    />
                  )}
                />
              )
            );
          })}
        <div className={styles.newActions}>
          <Button type="submit" loading={create.isPending} disabled={!prompt}>
            Начать чат
          </Button>
        </div>
      </form>
    );
  }

  return (
    <section className={styles.newChat} aria-label="Новый чат">
      {head}
      {body}
    </section>
  );
};
