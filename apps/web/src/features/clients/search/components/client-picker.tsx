import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useClientCategories } from '@/features/clients/categories/api/client-categories-query';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { Button } from '@/ui/button';
import { cx } from '@/ui/cx';
import inputStyles from '@/ui/input.module.css';
import { Skeleton } from '@/ui/skeleton';
import type { SlotContexts } from '@/lib/slots';
import { useSession } from '@/lib/session-context';
import { usePickerClientSearch } from '@/features/clients/search/api/search-picker-clients';
import { clientName } from '@/features/clients/board/components/client-card';
import styles from './client-picker.module.css';

type PickedClient = { id: number; name: string; last_name: string };

/**
 * The 'client-picker' slot, 'Клиент' in other features' forms (a new reminder, a question to the
 * administrator): a text box that searches the caller's clients (a manager's own) as he types,
 * with the matches under it; arrows move, Enter or a click chooses. Chosen, the name shows with
 * 'Изменить'.
 */
const ClientPicker = ({ value, onChange, error, autoFocus }: SlotContexts['client-picker']) => {
  const projectId = useSession().projectId ?? 0;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const chosenRef = useRef<HTMLDivElement>(null);
  const wasChosen = useRef(value !== null);
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const search = useDebouncedValue(text.trim(), 300);
  const result = usePickerClientSearch(
    projectId,
    { search: search === '' ? undefined : search, order: 'name', direction: 'asc', page: 1 },
    value === null && open,
  );
  const clients = result.data?.data ?? [];
  // The category beside each name tells two namesakes apart.
  const { categories } = useClientCategories(value === null ? projectId : null);
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));

  // After 'Изменить' the box takes the focus; after a choice, 'Изменить' does.
  useEffect(() => {
    if (value === null && wasChosen.current) inputRef.current?.focus();
    if (value !== null && !wasChosen.current) chosenRef.current?.querySelector('button')?.focus();
    wasChosen.current = value !== null;
  }, [value]);

  if (value !== null) {
    return (
      <div className={inputStyles.field}>
        <span className={inputStyles.label} id={`${id}-label`}>
          Клиент
          <span className={inputStyles.required} aria-hidden="true">
            *
          </span>
        </span>
        <div ref={chosenRef} className={styles.chosen} aria-labelledby={`${id}-label`} role="group">
          <span className={styles.chosenName} data-testid="picked-client">
            {clientName(value)}
          </span>
          <Button
            variant="ghost"
            onClick={() => onChange(null)}
            aria-label={`Изменить клиента: ${clientName(value)}`}
          >
            Изменить
          </Button>
        </div>
      </div>
    );
  }

  const choose = (client: PickedClient) => {
    onChange({ id: client.id, name: client.name, last_name: client.last_name });
    setText('');
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (clients.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + clients.length) % clients.length);
    } else if (event.key === 'Enter') {
      // Enter chooses the active match; it never sends the form from here.
      event.preventDefault();
      const client = clients[active];
      if (open && client) choose(client);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  const activeClient = open ? clients[active] : undefined;
  return (
    <div className={cx(inputStyles.field, styles.picker)}>
      <label htmlFor={id} className={inputStyles.label}>
        Клиент
        <span className={inputStyles.required} aria-hidden="true">
          *
        </span>
      </label>
      <input
        ref={inputRef}
        id={id}
        className={cx(inputStyles.input, error && inputStyles.invalid)}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeClient ? `${id}-option-${activeClient.id}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-required
        aria-describedby={error ? errorId : undefined}
        autoComplete="off"
        autoFocus={autoFocus}
        placeholder="Начните вводить имя клиента"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onClick={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        data-testid="client-picker-search"
      />
      {error && (
        <span id={errorId} className={inputStyles.error} role="alert">
          {error}
        </span>
      )}
      <div className={styles.options} hidden={!open}>
        <ul id={listId} role="listbox" aria-label="Клиенты" className={styles.optionList}>
          {clients.map((client, index) => (
            <li
              key={client.id}
              id={`${id}-option-${client.id}`}
              role="option"
              aria-selected={index === active}
              className={cx(styles.option, index === active && styles.optionActive)}
              // Chosen on press, before the box loses the focus and closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(client);
              }}
              onMouseMove={() => setActive(index)}
            >
              <span className={styles.optionName}>{clientName(client)}</span>
              {categoryName.has(client.category_id) && (
                <span className={styles.optionMeta}>{categoryName.get(client.category_id)}</span>
              )}
            </li>
          ))}
        </ul>
        {open && result.isPending && (
          <div className={styles.optionNote} aria-hidden="true">
            <Skeleton height={14} width="60%" />
          </div>
        )}
        {open && result.isError && <p className={styles.optionNote}>Не удалось загрузить клиентов.</p>}
        {open && result.isSuccess && clients.length === 0 && (
          <p className={styles.optionNote}>Ничего не найдено</p>
        )}
      </div>
    </div>
  );
};

export default ClientPicker;
