import { useId, useState, type KeyboardEvent } from 'react';
import { FORM_OPTIONS_MAX, type Clue } from '@crm/contract';
import { Button, IconButton } from '@/ui/button';
import { cx } from '@/ui/cx';
import { Icon } from '@/ui/icons';
import inputStyles from '@/ui/input.module.css';
import { errorKey, optionRefusal, type DraftField, type DraftOption } from './form-builder-draft';
import { OptionHint } from './form-builder-option-hint';
import styles from './form-builder.module.css';

type OptionsEditorProps = {
  projectId: number;
  field: DraftField;
  errors: Readonly<Record<string, string>>;
  onAdd: (name: string) => void;
  onRename: (optionUid: string, name: string) => void;
  onRemove: (optionUid: string) => void;
  onClue: (optionUid: string, clue: Clue | null) => void;
};

/**
 * A select's options: renamed in place, added on Enter or 'Добавить' (an empty or repeated one is
 * refused with the reason under the box), removed, each with its hint once saved.
 */
export const OptionsEditor = ({ projectId, field, errors, onAdd, onRename, onRemove, onClue }: OptionsEditorProps) => {
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const id = useId();
  const full = field.options.length >= FORM_OPTIONS_MAX;
  const listError = errors[errorKey(field.uid, 'options')];

  const add = () => {
    const reason = full ? `Не более ${FORM_OPTIONS_MAX} вариантов` : optionRefusal(text, field.options);
    setRefusal(reason);
    if (reason) return;
    onAdd(text);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds the option; it must not submit anything around it.
    event.preventDefault();
    add();
  };

  return (
    <div className={styles.options} role="group" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className={styles.optionsTitle}>
        Варианты
        <span className={styles.optionsCount}>{field.options.length}</span>
      </p>
      {field.options.length > 0 && (
        <ol className={styles.optionList}>
          {field.options.map((option, index) => (
            <OptionRow
              key={option.uid}
              projectId={projectId}
              option={option}
              index={index}
              error={errors[errorKey(option.uid, 'name')]}
              onRename={(name) => onRename(option.uid, name)}
              onRemove={() => onRemove(option.uid)}
              onClue={(clue) => onClue(option.uid, clue)}
            />
          ))}
        </ol>
      )}
      {listError && (
        <span className={inputStyles.error} role="alert" data-testid="options-error">
          {listError}
        </span>
      )}
      <div className={styles.optionAdd}>
        <label htmlFor={`${id}-new`} className="visually-hidden">
          Новый вариант поля «{field.name.trim() || 'без названия'}»
        </label>
        <input
          id={`${id}-new`}
          className={cx(inputStyles.input, refusal && inputStyles.invalid)}
          value={text}
          placeholder="Новый вариант"
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? `${id}-refusal` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setRefusal(null);
          }}
          onKeyDown={onKeyDown}
        />
        <Button variant="secondary" onClick={add}>
          <Icon name="plus" size={16} />
          Добавить
        </Button>
      </div>
      {refusal && (
        <span id={`${id}-refusal`} className={inputStyles.error} role="alert">
          {refusal}
        </span>
      )}
    </div>
  );
};

type OptionRowProps = {
  projectId: number;
  option: DraftOption;
  index: number;
  error: string | undefined;
  onRename: (name: string) => void;
  onRemove: () => void;
  onClue: (clue: Clue | null) => void;
};

const OptionRow = ({ projectId, option, index, error, onRename, onRemove, onClue }: OptionRowProps) => {
  const id = useId();
  const label = `Вариант ${index + 1}`;
  return (
    <li className={styles.option} data-testid="form-option">
      <div className={styles.optionLine}>
        <label htmlFor={id} className="visually-hidden">
          {label}
        </label>
        <input
          id={id}
          className={cx(inputStyles.input, styles.optionInput, error && inputStyles.invalid)}
          value={option.name}
          onChange={(event) => onRename(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
        <OptionHint projectId={projectId} option={option} onClue={onClue} />
        <IconButton label={`Удалить вариант «${option.name.trim() || label}»`} destructive onClick={onRemove}>
          <Icon name="trash" size={16} />
        </IconButton>
      </div>
      {error && (
        <span id={`${id}-error`} className={inputStyles.error} role="alert">
          {error}
        </span>
      )}
    </li>
  );
};
