import type { AiQuestion } from '@crm/contract';
import { IconButton } from '@/ui/button';
import { cx } from '@/ui/cx';
import { Icon } from '@/ui/icons';
import inputStyles from '@/ui/input.module.css';
import { moveItem } from '@/features/ai/lib/prompt-form';
import styles from './ai.module.css';

type PromptQuestionListsProps = {
  /** The group's questions, in their order. */
  questions: AiQuestion[];
  /** The ids of the questions added, in the order the model reads them. */
  added: number[];
  onChange: (added: number[]) => void;
  /** Said under the added list. */
  error?: string;
  /** The added list itself is refused (red), not only something about it. */
  invalid: boolean;
};

/**
 * A prompt's questions (docs/product.md §4.14): the group's questions still available, and the ones
 * added, in the order they were added (arrows move them).
 */
export const PromptQuestionLists = ({
  questions,
  added,
  onChange,
  error,
  invalid,
}: PromptQuestionListsProps) => {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const available = questions.filter((q) => !added.includes(q.id));
  return (
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
                  onClick={() => onChange([...added, q.id])}
                >
                  <Icon name="plus" size={18} />
                </IconButton>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section
        className={cx(styles.listBox, invalid && styles.listBoxInvalid)}
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
                    onClick={() => onChange(moveItem(added, index, index - 1))}
                  >
                    <Icon name="chevronDown" size={18} className={styles.flip} />
                  </IconButton>
                  <IconButton
                    label={`Опустить вопрос «${text}»`}
                    disabled={index === added.length - 1}
                    onClick={() => onChange(moveItem(added, index, index + 1))}
                  >
                    <Icon name="chevronDown" size={18} />
                  </IconButton>
                  <IconButton
                    label={`Убрать вопрос «${text}»`}
                    destructive
                    onClick={() => onChange(added.filter((other) => other !== id))}
                  >
                    <Icon name="close" size={18} />
                  </IconButton>
                </li>
              );
            })}
          </ol>
        )}
        {error && (
          <span className={inputStyles.error} role="alert">
            {error}
          </span>
        )}
      </section>
    </div>
  );
};
