import { useLayoutEffect, useState } from 'react';
import { Icon } from '@/ui/icons';
import { Skeleton } from '@/ui/skeleton';
import styles from './client-search-modal.module.css';

/**
 * The text of one open search, kept outside React state: the header's keystrokes that arrive
 * before the modal takes the focus, the stand-in box shown while the code loads and the loaded
 * body all read and write this one value, so no keystroke is lost on the way.
 */
export type SearchDraft = {
  get: () => string;
  set: (text: string) => void;
  subscribe: (onChange: () => void) => () => void;
};

export const createSearchDraft = (initial: string): SearchDraft => {
  let text = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => text,
    set: (next) => {
      if (next === text) return;
      text = next;
      listeners.forEach((listener) => listener());
    },
    subscribe: (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
};

/**
 * The draft's text, for a box that shows it. Subscribed in a layout effect, not with
 * useSyncExternalStore, whose subscription waits for the passive effects: a box revealed by
 * Suspense would otherwise take keystrokes before it listens, React would put its value back,
 * and the next letter would overwrite the one before (a letter lost mid-word on a busy phone).
 */
export const useDraftText = (draft: SearchDraft): string => {
  const [text, setText] = useState(draft.get);
  useLayoutEffect(() => {
    const read = () => setText(draft.get());
    read(); // what changed between this render and its commit
    return draft.subscribe(read);
  }, [draft]);
  return text;
};

export const SEARCH_PLACEHOLDER = 'Имя, фамилия, телефон или текст из анкеты';

/** Shown while the search's code loads: the same text box, already typing into the draft. */
export const SearchDraftBox = ({ draft }: { draft: SearchDraft }) => {
  const text = useDraftText(draft);
  return (
    <div className={styles.box} aria-busy="true">
      <div className={styles.head}>
        <div className={styles.field}>
          <Icon name="search" size={20} className={styles.fieldIcon} />
          <input
            className={styles.input}
            type="search"
            aria-label="Поиск клиентов"
            placeholder={SEARCH_PLACEHOLDER}
            value={text}
            onChange={(event) => draft.set(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            data-autofocus
          />
        </div>
        <div className={styles.selects}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={62} />
          ))}
        </div>
      </div>
    </div>
  );
};
