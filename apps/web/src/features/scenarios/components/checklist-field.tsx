import { useId, useState, type KeyboardEvent } from 'react';
import { REMINDER_TASK_MAX, REMINDER_TASKS_MAX, TASK_DUPLICATE, tooLong } from '@crm/contract';
import { IconButton } from '@/ui/button';
import { cx } from '@/ui/cx';
import { Icon } from '@/ui/icons';
import { Input } from '@/ui/input';
import inputStyles from '@/ui/input.module.css';
import styles from './scenarios.module.css';

type ChecklistFieldProps = {
  items: string[];
  onChange: (items: string[]) => void;
  /** The view mode: the list only. */
  readOnly?: boolean;
  /** A server's message about the checklist. */
  error?: string;
};

const sameTitle = (a: string, b: string) => a.toLocaleLowerCase('ru-RU') === b.toLocaleLowerCase('ru-RU');

/**
 * The scenario's checklist (docs/product.md §4.10): an item is added on Enter or when the box loses focus;
 * an empty one is not added, a duplicate (whatever its case) neither, and says so. What is being
 * typed already has its row at the end of the list, so adding it on a blur moves nothing.
 */
export const ChecklistField = ({ items, onChange, readOnly = false, error }: ChecklistFieldProps) => {
  const listId = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const full = items.length >= REMINDER_TASKS_MAX;

  const add = () => {
    const title = draft.trim();
    if (title === '') {
      setDraft('');
      setProblem(undefined);
      return;
    }
    if (title.length > REMINDER_TASK_MAX) return setProblem(tooLong(REMINDER_TASK_MAX));
    if (items.some((item) => sameTitle(item, title))) return setProblem(TASK_DUPLICATE);
    onChange([...items, title]);
    setDraft('');
    setProblem(undefined);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds the item; it never sends the form.
    event.preventDefault();
    add();
  };

  const pending = readOnly ? '' : draft.trim();
  const list =
    items.length === 0 && pending === '' ? (
      readOnly && <p className={styles.emptyNote}>Чек-лист пуст.</p>
    ) : (
      <ul className={styles.chosenList} id={listId} aria-label="Пункты чек-листа">
        {items.map((item) => (
          <li key={item} className={styles.chosenItem} data-testid="checklist-item">
            <Icon name="check" size={16} className={styles.chosenIcon} />
            <span className={styles.chosenText}>{item}</span>
            {!readOnly && (
              <IconButton
                label={`Удалить пункт «${item}»`}
                destructive
                onClick={() => onChange(items.filter((other) => other !== item))}
              >
                <Icon name="close" size={16} />
              </IconButton>
            )}
          </li>
        ))}
        {pending !== '' && (
          // The typed item's place: the row it becomes, the same size, not yet in the list.
          <li
            className={cx(styles.chosenItem, styles.chosenPending)}
            aria-hidden="true"
            data-testid="checklist-pending"
          >
            <Icon name="check" size={16} className={styles.chosenIcon} />
            <span className={styles.chosenText}>{pending}</span>
            <span className={styles.chosenRemoveSpace} />
          </li>
        )}
      </ul>
    );

  if (readOnly) {
    return (
      <div className={inputStyles.field}>
        <span className={inputStyles.label}>Чек-лист</span>
        {list}
      </div>
    );
  }

  return (
    <div className={styles.fieldGroup}>
      <Input
        label="Чек-лист"
        placeholder={full ? `Не более ${REMINDER_TASKS_MAX} пунктов` : 'Новый пункт: Enter — добавить'}
        hint="Пункт добавляется по Enter или когда вы переходите к другому полю."
        autoComplete="off"
        value={draft}
        disabled={full}
        limit={REMINDER_TASK_MAX}
        onChange={(event) => {
          setDraft(event.target.value);
          setProblem(undefined);
        }}
        onKeyDown={onKeyDown}
        onBlur={add}
        error={problem ?? error}
      />
      {list}
    </div>
  );
};
