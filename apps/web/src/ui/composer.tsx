import { MESSAGE_MAX } from '@crm/contract';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { fileSize } from '@/lib/numbers';
import { Button, IconButton } from '@/ui/button';
import { cx } from '@/ui/cx';
import { Icon } from '@/ui/icons';
import inputStyles from '@/ui/input.module.css';
import styles from './chat.module.css';

/** A reply that may carry a file (a client's Telegram conversation): the text becomes its caption. */
type Attach = {
  send: (file: File, caption: string) => Promise<unknown>;
  /** The longest caption the server takes with a file. */
  captionMax: number;
  /** The share of the file sent while it uploads (0 to 1); null otherwise. */
  progress: number | null;
};

type Props = {
  /** The longest message the server takes (the admin chat's by default). */
  max?: number;
  /** Resolves when the server has the message; rejects (the toast says why) and the text stays. */
  send: (content: string) => Promise<unknown>;
  sending: boolean;
  attach?: Attach;
};

/**
 * A reply: Enter sends, Shift+Enter starts a new line; the text (and the file chosen) stays until
 * the server has it.
 */
export const Composer = ({ send, sending, max = MESSAGE_MAX, attach }: Props) => {
  const id = useId();
  const picker = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const limit = file && attach ? attach.captionMax : max;
  // The counter shows when the text nears the limit.
  const counterFrom = limit - 500;
  const tooLong = draft.length > limit;
  const ready = (draft.trim() !== '' || file !== null) && !tooLong && !sending;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!ready) return;
    try {
      if (file && attach) await attach.send(file, draft.trim());
      else await send(draft.trim());
      setDraft('');
      setFile(null);
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

  const hint = tooLong
    ? `Не более ${limit} символов${file ? ' в подписи к файлу' : ''}`
    : sending && attach?.progress != null
      ? `Файл отправляется: ${Math.round(attach.progress * 100)}%`
      : 'Enter — отправить, Shift+Enter — новая строка';

  return (
    <form className={styles.composer} onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={id} className="visually-hidden">
        {file ? 'Подпись к файлу' : 'Сообщение'}
      </label>
      {file && (
        <div className={styles.attachment} data-testid="composer-file">
          <Icon name="paperclip" size={16} />
          <span className={styles.attachmentName}>{file.name}</span>
          <span className={styles.attachmentSize}>{fileSize(file.size)}</span>
          <IconButton label="Убрать файл" onClick={() => setFile(null)} disabled={sending}>
            <Icon name="close" size={16} />
          </IconButton>
        </div>
      )}
      <textarea
        id={id}
        className={cx(inputStyles.input, styles.composerInput, tooLong && inputStyles.invalid)}
        rows={2}
        placeholder={file ? 'Подпись к файлу (необязательно)…' : 'Напишите сообщение…'}
        value={draft}
        aria-invalid={tooLong || undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        data-testid="composer"
      />
      <div className={styles.composerBar}>
        <span id={`${id}-hint`} className={cx(styles.composerHint, tooLong && styles.composerError)} aria-live="polite">
          {hint}
          {draft.length > counterFrom && ` (${draft.length} / ${limit})`}
        </span>
        <span className={styles.composerActions}>
          {attach && (
            <>
              <input
                ref={picker}
                type="file"
                hidden
                data-testid="composer-file-input"
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  event.target.value = '';
                }}
              />
              <IconButton label="Прикрепить фото или файл" onClick={() => picker.current?.click()} disabled={sending}>
                <Icon name="paperclip" />
              </IconButton>
            </>
          )}
          <Button type="submit" disabled={!ready} loading={sending}>
            Отправить
          </Button>
        </span>
      </div>
    </form>
  );
};
