import { useRef, useState, type KeyboardEvent } from 'react';
import { Button, IconButton } from '@/ui/button';
import formStyles from '@/ui/form.module.css';
import { Icon } from '@/ui/icons';
import { Input } from '@/ui/input';
import inputStyles from '@/ui/input.module.css';
import { addOption } from '@/features/ai/lib/question-form';
import styles from './ai.module.css';

/** An option's length in the contract (`aiOptionInput`), shown by the counter. */
const OPTION_MAX = 255;

type QuestionOptionsFieldProps = {
  options: string[];
  onChange: (options: string[]) => void;
  /** What the form said about the options. */
  error?: string;
};

/**
 * A select question's answer options (docs/product.md §4.14): typed one at a time, Enter or
 * 'Добавить' adds one; an empty one is not added, a duplicate is refused.
 */
export const QuestionOptionsField = ({ options, onChange, error }: QuestionOptionsFieldProps) => {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);

  const add = () => {
    if (text.trim() === '') return;
    const next = addOption(options, text);
    if (!next) return setProblem('Такой вариант уже есть');
    onChange(next);
    setText('');
    setProblem(undefined);
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds the option; it never sends the form.
    event.preventDefault();
    add();
  };

  return (
    <div className={inputStyles.field}>
      <div className={styles.optionAdd}>
        <Input
          ref={inputRef}
          label="Варианты ответа"
          required
          placeholder="Новый вариант: Enter — добавить"
          autoComplete="off"
          limit={OPTION_MAX}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(undefined);
          }}
          onKeyDown={onKeyDown}
          error={problem ?? error}
        />
        <Button
          variant="secondary"
          className={styles.optionButton}
          disabled={text.trim() === ''}
          onClick={add}
        >
          <Icon name="plus" size={18} />
          Добавить
        </Button>
      </div>
      {options.length === 0 ? (
        <p className={formStyles.note}>
          Добавьте хотя бы один вариант: без них вопрос с выбором не сохранить.
        </p>
      ) : (
        <ul className={styles.chips} aria-label="Добавленные варианты">
          {options.map((option) => (
            <li key={option} className={styles.chip} data-testid="question-option">
              <span className={styles.chipText}>{option}</span>
              <IconButton
                label={`Удалить вариант «${option}»`}
                destructive
                className={styles.chipRemove}
                onClick={() => onChange(options.filter((o) => o !== option))}
              >
                <Icon name="close" size={14} />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
};
