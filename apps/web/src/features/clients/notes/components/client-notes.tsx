import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { NOTE_MAX_LENGTH, type ClientNote } from '@crm/contract';
import { formatDateTime } from '@/lib/dates';
import { useSession } from '@/lib/session-context';
import { Button } from '@/ui/button';
import { LoadError } from '@/ui/empty-state';
import { Skeleton } from '@/ui/skeleton';
import { cx } from '@/ui/cx';
import inputStyles from '@/ui/input.module.css';
import { useClientNotes } from '@/features/clients/notes/api/get-client-notes';
import { useCreateClientNote } from '@/features/clients/notes/api/create-client-note';
import styles from './client-notes.module.css';

export const NOTE_CREATED = 'Заметка успешно создана!';

/** A note's text: plain text with its line breaks, clamped at 10 lines until 'Читать далее'. */
const NoteText = ({ text }: { text: string }) => {
  const ref = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
  const [clamped, setClamped] = useState(false);
  const id = useId();

  useLayoutEffect(() => {
    const node = ref.current;
    if (!node || open) return;
    // Measured once laid out: only a text longer than the clamp offers the toggle.
    setClamped(node.scrollHeight > node.clientHeight + 1);
  }, [text, open]);

  return (
    <>
      <p id={id} ref={ref} className={cx(styles.text, !open && styles.clamp)}>
        {text}
      </p>
      {(clamped || open) && (
        <button type="button" className={styles.more} aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {open ? 'Свернуть' : 'Читать далее'}
        </button>
      )}
    </>
  );
};

const NoteItem = ({ note }: { note: ClientNote }) => (
  <li className={styles.note} data-testid="client-note">
    <div className={styles.meta}>
      <span className={styles.author}>{note.author.name}</span>
      <time dateTime={note.created_at}>{formatDateTime(note.created_at)}</time>
    </div>
    <NoteText text={note.note} />
  </li>
);

type ClientNotesProps = {
  clientId: number;
  /** Called by 'Отменить' after the draft is cleared (the side panel closes itself). */
  onCancel?: () => void;
};

/**
 * A client's notes (docs/product.md §4.8): a textarea 'Заметка...' (6 rows) with 'Сохранить' and
 * 'Отменить', then the notes, newest first, with author and time DD.MM.YYYY HH:mm.
 */
export const ClientNotes = ({ clientId, onCancel }: ClientNotesProps) => {
  const { projectId } = useSession();
  const notes = useClientNotes(projectId, clientId);
  const create = useCreateClientNote(projectId ?? 0, clientId);
  const [draft, setDraft] = useState('');
  const labelId = useId();
  const errorId = useId();
  const tooLong = draft.length > NOTE_MAX_LENGTH;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() === '' || tooLong) return;
    try {
      await create.mutateAsync(draft);
    } catch {
      return; // the toast says why; the draft stays for another try
    }
    setDraft('');
    toast.success(NOTE_CREATED);
  };

  const cancel = () => {
    setDraft('');
    onCancel?.();
  };

  return (
    <section className={styles.box} aria-labelledby={labelId}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <label id={labelId} htmlFor={`${labelId}-text`} className={styles.label}>
          Новая заметка
        </label>
        <textarea
          id={`${labelId}-text`}
          className={cx(inputStyles.input, styles.textarea, tooLong && inputStyles.invalid)}
          rows={6}
          placeholder="Заметка..."
          value={draft}
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong ? errorId : undefined}
          onChange={(event) => setDraft(event.target.value)}
        />
        {tooLong && (
          <span id={errorId} className={inputStyles.error} role="alert">
            Не более {NOTE_MAX_LENGTH} символов
          </span>
        )}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={cancel} disabled={create.isPending}>
            Отменить
          </Button>
          <Button type="submit" disabled={draft.trim() === '' || tooLong} loading={create.isPending}>
            Сохранить
          </Button>
        </div>
      </form>

      {notes.isPending ? (
        <ul className={styles.list} aria-busy="true">
          {[0, 1, 2].map((i) => (
            <li key={i} className={styles.note}>
              {i === 0 && <span className="visually-hidden">Заметки загружаются</span>}
              <Skeleton width="40%" height={12} />
              <Skeleton height={14} />
              <Skeleton width="70%" height={14} />
            </li>
          ))}
        </ul>
      ) : notes.isError ? (
        <LoadError plain text="Failed to get notes." onRetry={() => void notes.refetch()} />
      ) : notes.data.length === 0 ? (
        <p className={styles.empty}>Заметок пока нет. Напишите первую.</p>
      ) : (
        <ul className={styles.list} aria-label="Заметки">
          {notes.data.map((note) => (
            <NoteItem key={note.id} note={note} />
          ))}
        </ul>
      )}
    </section>
  );
};
