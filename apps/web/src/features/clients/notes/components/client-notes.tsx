import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { clientNoteCreateBody, NOTE_MAX_LENGTH, tooLong, type ClientNote } from '@crm/contract';
import { formatDateTime } from '@/lib/dates';
import { applyServerErrors } from '@/lib/form-errors';
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
        <button
          type="button"
          className={styles.more}
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        >
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
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors },
  } = useForm({ resolver: zodResolver(clientNoteCreateBody), defaultValues: { note: '' } });
  const labelId = useId();
  const errorId = useId();
  const draft = watch('note');
  // Said as it is typed: past the limit 'Сохранить' stays disabled, so no sending would say it.
  const overLimit = draft.length > NOTE_MAX_LENGTH;
  const message = errors.note?.message ?? (overLimit ? tooLong(NOTE_MAX_LENGTH) : undefined);

  const onSubmit = handleSubmit(async ({ note }) => {
    try {
      await create.mutateAsync(note);
    } catch (error) {
      // The toast says why (a refusal's message also under the box); the draft stays for another try.
      applyServerErrors(error, setError, ['note']);
      return;
    }
    reset();
    toast.success(NOTE_CREATED);
  });

  const cancel = () => {
    reset();
    onCancel?.();
  };

  return (
    <section className={styles.box} aria-labelledby={labelId}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <label id={labelId} htmlFor={`${labelId}-text`} className={styles.label}>
          Новая заметка
        </label>
        <textarea
          id={`${labelId}-text`}
          className={cx(inputStyles.input, styles.textarea, message && inputStyles.invalid)}
          rows={6}
          placeholder="Заметка..."
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          {...register('note')}
        />
        {message && (
          <span id={errorId} className={inputStyles.error} role="alert">
            {message}
          </span>
        )}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={cancel} disabled={create.isPending}>
            Отменить
          </Button>
          <Button type="submit" disabled={draft.trim() === '' || overLimit} loading={create.isPending}>
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
