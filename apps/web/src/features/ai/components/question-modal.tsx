import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Resolver, type ResolverOptions } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { output } from 'zod';
import {
  AI_FIELD_TYPES,
  AI_PROMPT_TEXT_MAX,
  aiQuestionBody,
  type AiQuestion,
  type AiQuestionBody,
} from '@crm/contract';
import { applyServerErrors, listMessage } from '@/lib/form-errors';
import { digitsOnly } from '@/lib/numbers';
import { cx } from '@/ui/cx';
import formStyles from '@/ui/form.module.css';
import { Input } from '@/ui/input';
import { ModalFormActions } from '@/ui/modal';
import { Select } from '@/ui/select';
import { useCreateAiQuestion } from '@/features/ai/api/create-ai-question';
import { useUpdateAiQuestion } from '@/features/ai/api/update-ai-question';
import {
  asSent,
  bodyOf,
  FIELD_TYPE_LABELS,
  questionReady,
  valuesOf,
  type QuestionValues,
} from '@/features/ai/lib/question-form';
import { QuestionOptionsField } from './question-options-field';
import { TextareaField } from '@/ui/textarea-field';
import styles from './ai.module.css';

export const QUESTION_CREATED = 'Вопрос создан!';
export const QUESTION_UPDATED = 'Вопрос обновлен!';

const QUESTION_MAX = 500;
const DESCRIPTION_MAX = 1000;
const FIELDS = ['field_type', 'question', 'prompt', 'options', 'description', 'order', 'group_id'] as const;

const checkQuestion = zodResolver(aiQuestionBody);
/** The contract checks what is sent: a question that is not a select has no options. */
const checkAsSent: Resolver<QuestionValues, unknown, output<typeof aiQuestionBody>> = (
  values,
  context,
  options,
) => checkQuestion(asSent(values), context, options as ResolverOptions<AiQuestionBody>);

type QuestionModalProps = {
  projectId: number;
  groupId: number;
  groupName: string;
  question?: AiQuestion;
  /** Where a new question goes: after the group's last one. */
  nextOrder: number;
  onDone: () => void;
};

/**
 * The initial question modal (docs/product.md §2.4, §4.14): type, question, prompt, options (a select's), and a
 * description, plus its place in the group. Save is disabled while the question or the prompt is
 * blank or a select has no option.
 */
export const QuestionModal = ({
  projectId,
  groupId,
  groupName,
  question,
  nextOrder,
  onDone,
}: QuestionModalProps) => {
  const create = useCreateAiQuestion(projectId);
  const update = useUpdateAiQuestion(projectId);
  const {
    control,
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm({ resolver: checkAsSent, defaultValues: valuesOf(question, groupId, nextOrder) });
  // An empty box means 'after the others'.
  const order = register('order', {
    setValueAs: (typed: string) => (typed === '' ? nextOrder : Number(typed)),
  });
  const values = watch();

  const onSubmit = handleSubmit(async (checked) => {
    const body = bodyOf(checked, question);
    try {
      if (question) await update.mutateAsync({ id: question.id, body });
      else await create.mutateAsync(body);
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
      return;
    }
    toast.success(question ? QUESTION_UPDATED : QUESTION_CREATED);
    onDone();
  });

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate>
      <p className={cx(formStyles.note, styles.groupNote)}>
        Группа: <strong>{groupName}</strong>
      </p>
      <div className={styles.pairRow}>
        <Select label="Тип вопроса" required error={errors.field_type?.message} {...register('field_type')}>
          {AI_FIELD_TYPES.map((type) => (
            <option key={type} value={type}>
              {FIELD_TYPE_LABELS[type]}
            </option>
          ))}
        </Select>
        <Input
          label="Порядок"
          hint="Вопросы идут по возрастанию номера."
          inputMode="numeric"
          autoComplete="off"
          digitsMaxLength={4}
          error={errors.order?.message}
          {...order}
          onChange={(event) => {
            event.target.value = digitsOnly(event.target.value);
            return order.onChange(event);
          }}
        />
      </div>
      <Input
        label="Вопрос"
        placeholder="Например, Что вы продаёте?"
        required
        limit={QUESTION_MAX}
        data-autofocus
        error={errors.question?.message}
        {...register('question')}
      />
      <Controller
        control={control}
        name="prompt"
        render={({ field, fieldState }) => (
          <TextareaField
            {...field}
            label="Промпт"
            placeholder="Например, Компания продаёт:"
            hint="Модель прочтёт этот текст, а за ним ответ на вопрос."
            required
            rows={4}
            limit={AI_PROMPT_TEXT_MAX}
            error={fieldState.error?.message}
          />
        )}
      />
      {values.field_type === 'select' && (
        <Controller
          control={control}
          name="options"
          render={({ field, fieldState }) => (
            <QuestionOptionsField
              options={field.value}
              onChange={field.onChange}
              error={listMessage(fieldState.error)}
            />
          )}
        />
      )}
      <Controller
        control={control}
        name="description"
        render={({ field, fieldState }) => (
          <TextareaField
            {...field}
            label="Описание"
            placeholder="Подсказка под вопросом в форме чата"
            rows={2}
            limit={DESCRIPTION_MAX}
            error={fieldState.error?.message ?? errors.group_id?.message}
          />
        )}
      />
      <ModalFormActions
        onCancel={onDone}
        submitText={question ? 'Сохранить' : 'Добавить'}
        disabled={!questionReady(values)}
        loading={create.isPending || update.isPending}
      />
    </form>
  );
};
