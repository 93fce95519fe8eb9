import { useId, useState, type KeyboardEvent } from 'react';
import { IconButton } from '@/ui/button';
import { Icon } from '@/ui/icons';
import { cx } from '@/ui/cx';
import { Input } from '@/ui/input';
import styles from './reminder-modals.module.css';

type ItemListFieldProps = {
  label: string;
  items: string[];
  onChange: (items: string[]) => void;
  placeholder: string;
  /** Characters per item (a counter; the server refuses longer ones). */
  limit: number;
  /** Items at most. */
  max: number;
  /** Said when the typed item is already in the list (compared whatever its case). */
  duplicateMessage: string;
  /** What the server said about the list or one of its items ('tasks', 'tasks.2'). */
  errors?: { list?: string; items?: Record<number, string> };
  /** 'Пункт', 'Комментарий': how one item is named to screen readers. */
  itemName: string;
  testId: string;
  ordered?: boolean;
};

/**
 * A list typed one item at a time: Enter or leaving the box adds what was typed; an empty item is
 * ignored, a duplicate refused (the text stays to be corrected). Items can be removed. What is
 * being typed already has its row at the end of the list (shown muted), so adding it on a blur
 * moves nothing: a click that took the focus away lands where it was aimed (docs/decisions.md).
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
}: ItemListFieldProps) => {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  const listId = useId();

  const add = () => {
    const text = draft.trim();
    if (text === '') {
      setDraft('');
      setError(undefined);
      return;
    }
    const key = text.toLocaleLowerCase('ru-RU');
    if (items.some((item) => item.toLocaleLowerCase('ru-RU') === key)) {
      setError(duplicateMessage);
      return;
    }
    if (items.length >= max) {
      setError(`Не более ${max}`);
      return;
    }
    onChange([...items, text]);
    setDraft('');
    setError(undefined);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds the item; it never sends the form.
    event.preventDefault();
    add();
  };

  const List = ordered ? 'ol' : 'ul';
  const pending = draft.trim();
  return (
    <div className={styles.itemList} data-testid={testId}>
      <Input
        label={label}
        placeholder={placeholder}
        value={draft}
        limit={limit}
        onChange={(event) => {
          setDraft(event.target.value);
          if (error) setError(undefined);
        }}
        onKeyDown={onKeyDown}
        onBlur={add}
        error={error ?? errors?.list}
        hint="Enter — добавить"
        aria-controls={items.length > 0 ? listId : undefined}
      />
      {(items.length > 0 || pending !== '') && (
        <List id={listId} className={styles.items} aria-label={label}>
          {items.map((item, index) => (
            <li key={item} className={styles.item}>
              <span className={styles.itemRow}>
                {ordered ? (
                  <span className={styles.itemMark} aria-hidden="true">
                    {index + 1}.
                  </span>
                ) : (
                  <Icon name="check" size={16} className={styles.itemIcon} />
                )}
                <span className={styles.itemText}>{item}</span>
                <IconButton
                  label={`Удалить: ${itemName.toLowerCase()} «${item.length > 40 ? `${item.slice(0, 40)}…` : item}»`}
                  destructive
                  className={styles.itemRemove}
                  onClick={() => onChange(items.filter((_, i) => i !== index))}
                >
                  <Icon name="close" size={16} />
                </IconButton>
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
                {ordered ? (
                  <span className={styles.itemMark}>{items.length + 1}.</span>
                ) : (
                  <Icon name="check" size={16} className={styles.itemIcon} />
                )}
                <span className={styles.itemText}>{pending}</span>
                <span className={styles.itemRemove} />
              </span>
            </li>
          )}
        </List>
      )}
    </div>
  );
};
