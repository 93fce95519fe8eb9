import { useState, type FormEvent } from 'react';
import { AI_ANSWER_MAX, REQUIRED, type AiChat, type AiQuestion } from '@crm/contract';
import { paths } from '@/lib/paths';
import { firstFieldErrors, isApiError } from '@/lib/api-error';
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
import { TextareaField } from './textarea-field';
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
  const [promptId, setPromptId] = useState('');
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});

  const groups = questionsQuery.data;
  const prompts = promptsQuery.data;
  const questionsById = new Map(groups?.flatMap((g) => g.questions.map((q) => [q.id, q] as const)));
  const prompt = prompts?.find((p) => String(p.id) === promptId);
  const questions = (prompt?.questions ?? []).flatMap((id) => questionsById.get(id) ?? []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!prompt) return setErrors({ prompt: REQUIRED });
    const found: Record<string, string> = {};
    for (const q of questions) {
      const answer = (answers[q.id] ?? '').trim();
      if (answer === '') found[`q${q.id}`] = REQUIRED;
      else if (answer.length > AI_ANSWER_MAX) found[`q${q.id}`] = `Не более ${AI_ANSWER_MAX} символов`;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const chat = await create.mutateAsync({
        prompt_id: prompt.id,
        answers: questions.map((q) => ({ question_id: q.id, answer: (answers[q.id] ?? '').trim() })),
      });
      onStarted(chat);
    } catch (failure) {
      if (!isApiError(failure) || failure.status !== 422) return;
      // `answers.2.answer` goes under the third question; `prompt_id` under the prompt.
      const next: Record<string, string> = {};
      for (const [path, message] of firstFieldErrors(failure.errors)) {
        const [head, index] = path.split('.');
        const question = head === 'answers' ? questions[Number(index)] : undefined;
        const key = head === 'prompt_id' ? 'prompt' : question ? `q${question.id}` : 'prompt';
        next[key] ??= message;
      }
      setErrors(next);
    }
  };

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
        onSubmit={submit}
        noValidate
        data-testid="ai-new-chat"
      >
        <Select
          label="Промпт"
          required
          placeholder="Выберите промпт"
          value={promptId}
          onChange={(event) => {
            setPromptId(event.target.value);
            setErrors({});
          }}
          error={errors.prompt}
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
        {prompt && questions.length === 0 && (
          <p className={formStyles.note}>У этого промпта нет вопросов: чат начнётся без ответов.</p>
        )}
        {questions.map((q) => (
          <AnswerField
            key={q.id}
            question={q}
            value={answers[q.id] ?? ''}
            error={errors[`q${q.id}`]}
            onChange={(value) => {
              setAnswers((current) => ({ ...current, [q.id]: value }));
              setErrors((current) => ({ ...current, [`q${q.id}`]: '' }));
            }}
          />
        ))}
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
