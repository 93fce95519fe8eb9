import { useCallback } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { clueUpdateBody } from '@crm/contract';
import { applyServerErrors } from '@/lib/form-errors';
import formStyles from '@/ui/form.module.css';
import { Button } from '@/ui/button';
import { ModalFormActions, useModals } from '@/ui/modal';
import { RichTextEditor } from './lazy-rich-text-editor';
import { RichTextView } from './rich-text-view';
import styles from './hint-modals.module.css';

/** Spec §2 (Modals): hint modals are 830 px wide. */
const HINT_MODAL_WIDTH = 830;

export type EditHintOptions = {
  title: string;
  value: string;
  /** Saves the text ('' when blank in every block); the modal closes when it resolves. */
  onSave: (value: string) => Promise<void> | void;
};

export type ReadHintOptions = {
  title: string;
  value: string;
  /** Shows 'Редактировать': the read modal closes, then this runs. */
  onEdit?: () => void;
  /** Shows 'Назад': the read modal closes, then this runs. */
  onBack?: () => void;
  /** Runs whenever the read modal closes, however it was closed. */
  onClose?: () => void;
};

type HintEditFormProps = {
  title: string;
  value: string;
  onSave: EditHintOptions['onSave'];
  onDone: () => void;
};

/** The hint edit form: the text checked as a clue's body ('' when blank); a failed save keeps it for another try. */
const HintEditForm = ({ title, value, onSave, onDone }: HintEditFormProps) => {
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm({ resolver: zodResolver(clueUpdateBody), defaultValues: { clue: value } });

  const onSubmit = handleSubmit(async ({ clue }) => {
    try {
      await onSave(clue);
    } catch (error) {
      // The caller showed its error; a 422's message goes under the text too.
      applyServerErrors(error, setError, ['clue']);
      return;
    }
    onDone();
  });

  return (
    <form className={styles.form} onSubmit={onSubmit}>
      <Controller
        control={control}
        name="clue"
        render={({ field, fieldState }) => (
          <>
            <RichTextEditor
              value={field.value}
              onChange={field.onChange}
              aria-label={title}
              placeholder="Текст подсказки"
              autoFocus
              invalid={fieldState.error !== undefined}
            />
            {fieldState.error && (
              <span className={formStyles.error} role="alert">
                {fieldState.error.message}
              </span>
            )}
          </>
        )}
      />
      <ModalFormActions onCancel={onDone} submitText="Сохранить" loading={isSubmitting} />
    </form>
  );
};

type HintReadProps = Omit<ReadHintOptions, 'title' | 'onClose'> & { onDone: () => void };

const HintRead = ({ value, onEdit, onBack, onDone }: HintReadProps) => (
  <div className={styles.form}>
    {value === '' ? <p className={styles.empty}>Текста пока нет.</p> : <RichTextView value={value} />}
    {(onEdit || onBack) && (
      <div className={styles.actions}>
        {onBack && (
          <Button
            variant="secondary"
            onClick={() => {
              onDone();
              onBack();
            }}
          >
            Назад
          </Button>
        )}
        {onEdit && (
          <Button
            onClick={() => {
              onDone();
              onEdit();
            }}
          >
            Редактировать
          </Button>
        )}
      </div>
    )}
  </div>
);

/** The hint create/edit modal and the read-hint modal (docs/product.md §2.4), on the one modal stack. */
export const useHintModals = () => {
  const modals = useModals();
  const editHint = useCallback(
    ({ title, value, onSave }: EditHintOptions) => {
      modals.open(
        ({ close }) => <HintEditForm title={title} value={value} onSave={onSave} onDone={close} />,
        // Typed text is not lost to a stray click outside.
        { title, width: HINT_MODAL_WIDTH, closeOnOverlay: false },
      );
    },
    [modals],
  );
  const readHint = useCallback(
    ({ title, value, onEdit, onBack, onClose }: ReadHintOptions) => {
      modals.open(({ close }) => <HintRead value={value} onEdit={onEdit} onBack={onBack} onDone={close} />, {
        title,
        width: HINT_MODAL_WIDTH,
        onClose,
      });
    },
    [modals],
  );
  return { editHint, readHint };
};
