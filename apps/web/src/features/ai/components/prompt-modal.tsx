import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { AiPrompt, AiQuestion } from '@crm/contract';
import { IconButton } from '@/ui/button';
import { cx } from '@/ui/cx';
import formStyles from '@/ui/form.module.css';
import { Icon } from '@/ui/icons';
import { Input } from '@/ui/input';
import inputStyles from '@/ui/input.module.css';
import { ModalFormActions } from '@/ui/modal';
import { useCreateAiPrompt } from '@/features/ai/api/create-ai-prompt';
import { useUpdateAiPrompt } from '@/features/ai/api/update-ai-prompt';
import { moveItem } from '@/features/ai/lib/prompt-form';
import { fieldErrorsOf } from './field-errors';
import styles from './ai.module.css';

export const PROMPT_CREATED = 'Промпт создан!';
export const PROMPT_UPDATED = 'Промпт обновлен!';
/** Prompt modals hold two lists side by side: as wide as the hint modals (docs/product.md §10.6: 830 px). */
export const PROMPT_MODAL_WIDTH = 830;

const NAME_MAX = 255;
const FIELDS = ['name', 'questions', 'ai_initial_question_group_id'] as const;

type PromptModalProps = {
  projectId: number;
  groupId: number;
  /** The group's questions, in their order. */
  questions: AiQuestion[];
  prompt?: AiPrompt;
  onDone: () => void;
};

/**
 * The create prompt modal (docs/product.md §2.4, §4.14): the prompt's name and two lists, the group's questions
 * still available and the ones added, in the order they were added (arrows move them). Save is
 * disabled with a blank name or no question added.
 */
export const PromptModal = ({ projectId, groupId, questions, prompt, onDone }: PromptModalProps) => {
  const [name, setName] = useState(prompt?.name ?? '');
  // A question deleted since the prompt was saved is no longer offered nor kept.
  const [added, setAdded] = useState<number[]>(
    () => prompt?.questions.filter((id) => questions.some((q) => q.id === id)) ?? [],
  );
  const [errors, setErrors] = useState<Partial<Record<(typeof FIELDS)[number], string>>>({});
  const create = useCreateAiPrompt(projectId);
  const update = useUpdateAiPrompt(projectId);

  const byId = new Map(questions.map((q) => [q.id, q]));
  const available = questions.filter((q) => !added.includes(q.id));
  const ready = name.trim() !== '' && added.length > 0;

  const changeAdded = (next: number[]) => {
    setAdded(next);
    setErrors((current) => ({ ...current, questions: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    const body = { name: name.trim(), questions: added, ai_initial_question_group_id: groupId };
    try {
      if (prompt) {
        await update.mutateAsync({ id: prompt.id, body });
        toast.success(PROMPT_UPDATED);
      } else {
        await create.mutateAsync(body);
        toast.success(PROMPT_CREATED);
      }
      onDone();
    } catch (failure) {
      setErrors(fieldErrorsOf(failure, FIELDS));
    }
  };

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <Input
        label="Название промпта"
        placeholder="Например, Продажи по телефону"
        required
        limit={NAME_MAX}
        data-autofocus
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setErrors((current) => ({ ...current, name: undefined }));
        }}
        error={errors.name}
      />
      <div className={styles.lists}>
        <section className={styles.listBox} aria-labelledby="prompt-available">
          <h3 id="prompt-available" className={styles.listTitle}>
            Доступные вопросы <span className={styles.count}>{available.length}</span>
          </h3>
          {available.length === 0 ? (
            <p className={styles.listEmpty}>
              {questions.length === 0 ? 'В группе пока нет вопросов.' : 'Все вопросы группы добавлены.'}
            </p>
          ) : (
            <ul className={styles.pickList} data-testid="prompt-available">
              {available.map((q) => (
                <li key={q.id} className={styles.pickItem}>
                  <span className={styles.pickText}>{q.question}</span>
                  <IconButton
                    label={`Добавить вопрос «${q.question}»`}
                    onClick={() => changeAdded([...added, q.id])}
                  >
                    <Icon name="plus" size={18} />
                  </IconButton>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section
          className={cx(styles.listBox, errors.questions && styles.listBoxInvalid)}
          aria-labelledby="prompt-added"
        >
          <h3 id="prompt-added" className={styles.listTitle}>
            Добавленные вопросы
            <span className={inputStyles.required} aria-hidden="true">
              *
            </span>{' '}
            <span className={styles.count}>{added.length}</span>
          </h3>
          {added.length === 0 ? (
            <p className={styles.listEmpty}>
              Добавьте вопросы из списка доступных: модель прочтёт их в этом порядке.
            </p>
          ) : (
            <ol className={styles.pickList} data-testid="prompt-added">
              {added.map((id, index) => {
                const text = byId.get(id)?.question ?? '';
                return (
                  <li key={id} className={styles.pickItem}>
                    <span className={styles.pickIndex} aria-hidden="true">
                      {index + 1}
                    </span>
                    <span className={styles.pickText}>{text}</span>
                    <IconButton
                      label={`Поднять вопрос «${text}»`}
                      disabled={index === 0}
                      onClick={() => changeAdded(moveItem(added, index, index - 1))}
                    >
                      <Icon name="chevronDown" size={18} className={styles.flip} />
                    </IconButton>
                    <IconButton
                      label={`Опустить вопрос «${text}»`}
                      disabled={index === added.length - 1}
                      onClick={() => changeAdded(moveItem(added, index, index + 1))}
                    >
                      <Icon name="chevronDown" size={18} />
                    </IconButton>
                    <IconButton
                      label={`Убрать вопрос «${text}»`}
                      destructive
                      onClick={() => changeAdded(added.filter((other) => other !== id))}
                    >
                      <Icon name="close" size={18} />
                    </IconButton>
                  </li>
                );
              })}
            </ol>
          )}
          {(errors.questions ?? errors.ai_initial_question_group_id) && (
            <span className={inputStyles.error} role="alert">
              {errors.questions ?? errors.ai_initial_question_group_id}
            </span>
          )}
        </section>
      </div>
      <ModalFormActions
        onCancel={onDone}
        submitText={prompt ? 'Сохранить' : 'Создать'}
        disabled={!ready}
        loading={create.isPending || update.isPending}
      />
    </form>
  );
};
