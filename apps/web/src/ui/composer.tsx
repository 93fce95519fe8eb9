import { MESSAGE_MAX } from '@crm/contract';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/ui/button';
import { cx } from '@/ui/cx';
import inputStyles from '@/ui/input.module.css';
import styles from './chat.module.css';

type Props = {
  /** The longest message the server takes (the admin chat's by default). */
  max?: number;
  /** Resolves when the server has the message; rejects (the toast says why) and the text stays. */
  send: (content: string) => Promise<unknown>;
  sending: boolean;
};

/** A reply: Enter sends, Shift+Enter starts a new line; the text stays until the server has it. */
export const Composer = ({ send, sending, max = MESSAGE_MAX }: Props) => {
  // The counter shows when the text nears the limit.
  const counterFrom = max - 500;
  const id = useId();
  const [draft, setDraft] = useState('');
  const tooLong = draft.length > max;
  const ready = draft.trim() !== '' && !tooLong && !sending;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!ready) return;
    try {
      await send(draft.trim());
      setDraft('');
    } catch {
      // The mutation's toast says why; the draft stays for another try.
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form className={styles.composer} onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={id} className="visually-hidden">
        Сообщение
      </label>
      <textarea
        id={id}
        className={cx(inputStyles.input, styles.composerInput, tooLong && inputStyles.invalid)}
        rows={2}
        placeholder="Напишите сообщение…"
        value={draft}
        aria-invalid={tooLong || undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        data-testid="composer"
      />
      <div className={styles.composerBar}>
        <span id={`${id}-hint`} className={cx(styles.composerHint, tooLong && styles.composerError)}>
          {tooLong ? `Не более ${max} символов` : 'Enter — отправить, Shift+Enter — новая строка'}
          {draft.length > counterFrom && ` (${draft.length} / ${max})`}
        </span>
        <Button type="submit" disabled={!ready} loading={sending}>
          Отправить
        </Button>
      </div>
    </form>
  );
};
