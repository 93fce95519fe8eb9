import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from 'react-toastify';
import { AI_FIELD_TYPES, AI_PROMPT_TEXT_MAX, type AiFieldType, type AiQuestion } from '@crm/contract';
import { digitsOnly } from '@/lib/numbers';
import { Button, IconButton } from '@/ui/button';
import { cx } from '@/ui/cx';
import formStyles from '@/ui/form.module.css';
import { Icon } from '@/ui/icons';
import { Input } from '@/ui/input';
import inputStyles from '@/ui/input.module.css';
import { ModalFormActions } from '@/ui/modal';
import { Select } from '@/ui/select';
import { useCreateAiQuestion } from '@/features/ai/api/create-ai-question';
import { useUpdateAiQuestion } from '@/features/ai/api/update-ai-question';
import {
  addOption,
  bodyOf,
  draftOf,
  FIELD_TYPE_LABELS,
  questionReady,
  type QuestionDraft,
} from '@/features/ai/lib/question-form';
import { fieldErrorsOf } from './field-errors';
import { TextareaField } from './textarea-field';
import styles from './ai.module.css';

export const QUESTION_CREATED = 'Вопрос создан!';
export const QUESTION_UPDATED = 'Вопрос обновлен!';

const QUESTION_MAX = 500;
const OPTION_MAX = 255;
const DESCRIPTION_MAX = 1000;
const FIELDS = ['field_type', 'question', 'prompt', 'options', 'description', 'order', 'group_id'] as const;
type Field = (typeof FIELDS)[number];

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
 * blank or a select has no option; an option is added only when its text is not empty.
 */
export const QuestionModal = ({
  projectId,
  groupId,
  groupName,
  question,
  nextOrder,
  onDone,
}: QuestionModalProps) => {
  const [draft, setDraft] = useState<QuestionDraft>(() => draftOf(question, nextOrder));
  const [optionText, setOptionText] = useState('');
  const [optionProblem, setOptionProblem] = useState<string>();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const optionRef = useRef<HTMLInputElement>(null);
  const create = useCreateAiQuestion(projectId);
  const update = useUpdateAiQuestion(projectId);

  const change = <K extends keyof QuestionDraft>(key: K, value: QuestionDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const pushOption = () => {
    if (optionText.trim() === '') return;
    const next = addOption(draft.options, optionText);
    if (!next) return setOptionProblem('Такой вариант уже есть');
    change('options', next);
    setOptionText('');
    setOptionProblem(undefined);
    optionRef.current?.focus();
  };

  const onOptionKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds the option; it never sends the form.
    event.preventDefault();
    pushOption();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!questionReady(draft)) return;
    const body = bodyOf(draft, groupId, nextOrder, question);
    try {
      if (question) {
        await update.mutateAsync({ id: question.id, body });
        toast.success(QUESTION_UPDATED);
      } else {
        await create.mutateAsync(body);
        toast.success(QUESTION_CREATED);
      }
      onDone();
    } catch (failure) {
      setErrors(fieldErrorsOf(failure, FIELDS));
    }
  };

  const isSelect = draft.field_type === 'select';
  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <p className={cx(formStyles.note, styles.groupNote)}>
        Группа: <strong>{groupName}</strong>
      </p>
      <div className={styles.pairRow}>
        <Select
          label="Тип вопроса"
          required
          value={draft.field_type}
          onChange={(event) => change('field_type', event.target.value as AiFieldType)}
          error={errors.field_type}
        >
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
          value={draft.order}
          onChange={(event) => change('order', digitsOnly(event.target.value))}
          error={errors.order}
        />
      </div>
      <Input
        label="Вопрос"
        placeholder="Например, Что вы продаёте?"
        required
        limit={QUESTION_MAX}
        data-autofocus
        value={draft.question}
        onChange={(event) => change('question', event.target.value)}
        error={errors.question}
      />
      <TextareaField
        label="Промпт"
        placeholder="Например, Компания продаёт:"
        hint="Модель прочтёт этот текст, а за ним ответ на вопрос."
        required
        rows={4}
        limit={AI_PROMPT_TEXT_MAX}
        value={draft.prompt}
        onChange={(event) => change('prompt', event.target.value)}
        error={errors.prompt}
      />
      {isSelect && (
        <div className={inputStyles.field}>
          <div className={styles.optionAdd}>
            <Input
              ref={optionRef}
              label="Варианты ответа"
              required
              placeholder="Новый вариант: Enter — добавить"
              autoComplete="off"
              limit={OPTION_MAX}
              value={optionText}
              onChange={(event) => {
                setOptionText(event.target.value);
                setOptionProblem(undefined);
              }}
              onKeyDown={onOptionKey}
              error={optionProblem ?? errors.options}
            />
            <Button
              variant="secondary"
              className={styles.optionButton}
              disabled={optionText.trim() === ''}
              onClick={pushOption}
            >
              <Icon name="plus" size={18} />
              Добавить
            </Button>
          </div>
          {draft.options.length === 0 ? (
            <p className={formStyles.note}>
              Добавьте хотя бы один вариант: без них вопрос с выбором не сохранить.
            </p>
          ) : (
            <ul className={styles.chips} aria-label="Добавленные варианты">
              {draft.options.map((option) => (
                <li key={option} className={styles.chip} data-testid="question-option">
                  <span className={styles.chipText}>{option}</span>
                  <IconButton
                    label={`Удалить вариант «${option}»`}
                    destructive
                    className={styles.chipRemove}
                    onClick={() =>
                      change(
                        'options',
                        draft.options.filter((o) => o !== option),
                      )
                    }
                  >
                    <Icon name="close" size={14} />
                  </IconButton>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <TextareaField
        label="Описание"
        placeholder="Подсказка под вопросом в форме чата"
        rows={2}
        limit={DESCRIPTION_MAX}
        value={draft.description}
        onChange={(event) => change('description', event.target.value)}
        error={errors.description ?? errors.group_id}
      />
      <ModalFormActions
        onCancel={onDone}
        submitText={question ? 'Сохранить' : 'Добавить'}
        disabled={!questionReady(draft)}
        loading={create.isPending || update.isPending}
      />
    </form>
  );
};
