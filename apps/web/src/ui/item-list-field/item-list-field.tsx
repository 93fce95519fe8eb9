import { useId, useState, type KeyboardEvent } from 'react';
import { tooLong } from '@crm/contract';
import { IconButton } from '@/ui/button';
import { cx } from '@/ui/cx';
import { Icon } from '@/ui/icons';
import { Input } from '@/ui/input';
import inputStyles from '@/ui/input.module.css';
import styles from './item-list-field.module.css';

type ItemListFieldProps = {
  label: string;
  items: string[];
  onChange: (items: string[]) => void;
  placeholder: string;
  /** Characters per item: longer is refused with the contract's words. */
  limit: number;
  /** Items at most: once full, the box is disabled and says so. */
  max: number;
  /** Said when the typed item is already in the list (compared whatever its case). */
  duplicateMessage: string;
  /** What the server said about the list or one of its items ('tasks', 'tasks.2'). */
  errors?: { list?: string | undefined; items?: Record<number, string> | undefined };
  /** 'Пункт', 'Комментарий': how one item is named ('Удалить пункт «…»'). */
  itemName: string;
  /** The list's test id; its items are `${testId}-item`, the typed one `${testId}-pending`. */
  testId: string;
  ordered?: boolean;
  /** The view mode: the list alone, `emptyText` when it has nothing. */
  readOnly?: boolean;
  emptyText?: string;
  hint?: string;
};

const sameText = (a: string, b: string) => a.toLocaleLowerCase('ru-RU') === b.toLocaleLowerCase('ru-RU');
const quoted = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/**
 * A list typed one item at a time (a checklist, comments): Enter or leaving the box adds what was
 * typed; an empty item is ignored, a too long one or a duplicate refused (the text stays to be
 * corrected). Items can be removed. What is being typed already has its row at the end of the
 * list (shown muted), so adding it on a blur moves nothing: a click that took the focus away lands
 * where it was aimed (docs/decisions.md).
 */
export const ItemListField = ({
  label,
  items,
  onChange,
  placeholder,
  limit,
  max,
  duplicateMessage,
  errors,
  itemName,
  testId,
  ordered = false,
  readOnly = false,
  emptyText,
  hint = 'Enter — добавить',
}: ItemListFieldProps) => {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const listId = useId();
  const full = items.length >= max;

  const add = () => {
    const text = draft.trim();
    if (text === '') {
      setDraft('');
      setProblem(undefined);
      return;
    }
    if (text.length > limit) return setProblem(tooLong(limit));
    if (items.some((item) => sameText(item, text))) return setProblem(duplicateMessage);
    onChange([...items, text]);
    setDraft('');
    setProblem(undefined);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds the item; it never sends the form.
    event.preventDefault();
    add();
  };

  const List = ordered ? 'ol' : 'ul';
  const pending = readOnly ? '' : draft.trim();
  const mark = (index: number) =>
    ordered ? (
      <span className={styles.itemMark} aria-hidden="true">
        {index + 1}.
      </span>
    ) : (
      <Icon name="check" size={16} className={styles.itemIcon} />
    );
  const list =
    items.length === 0 && pending === '' ? (
      readOnly && emptyText && <p className={styles.empty}>{emptyText}</p>
    ) : (
      <List id={listId} className={styles.items} aria-label={`Список «${label}»`}>
        {items.map((item, index) => (
          <li key={item} className={styles.item} data-testid={`${testId}-item`}>
            <span className={styles.itemRow}>
              {mark(index)}
              <span className={styles.itemText}>{item}</span>
              {!readOnly && (
                <IconButton
                  label={`Удалить ${itemName.toLowerCase()} «${quoted(item)}»`}
                  destructive
                  className={styles.itemRemove}
                  onClick={() => onChange(items.filter((_, i) => i !== index))}
                >
                  <Icon name="close" size={16} />
                </IconButton>
              )}
            </span>
            {errors?.items?.[index] && (
              <span className={styles.error} role="alert">
                {errors.items[index]}
              </span>
            )}
          </li>
        ))}
        {pending !== '' && (
          // The typed item's place: the row it becomes, the same size, not yet in the list.
          <li
            className={cx(styles.item, styles.itemPending)}
            aria-hidden="true"
            data-testid={`${testId}-pending`}
          >
            <span className={styles.itemRow}>
              {mark(items.length)}
              <span className={styles.itemText}>{pending}</span>
              <span className={styles.itemRemove} />
            </span>
          </li>
        )}
      </List>
    );

  if (readOnly) {
    return (
      <div className={inputStyles.field} data-testid={testId}>
        <span className={inputStyles.label}>{label}</span>
        {list}
      </div>
    );
  }
  return (
    <div className={styles.itemList} data-testid={testId}>
      <Input
        label={label}
        placeholder={full ? `Не более ${max}` : placeholder}
        value={draft}
        limit={limit}
        disabled={full}
        autoComplete="off"
        onChange={(event) => {
          setDraft(event.target.value);
          setProblem(undefined);
        }}
        onKeyDown={onKeyDown}
        onBlur={add}
        error={problem ?? errors?.list}
        hint={hint}
        aria-controls={items.length > 0 ? listId : undefined}
      />
      {list}
    </div>
  );
};
