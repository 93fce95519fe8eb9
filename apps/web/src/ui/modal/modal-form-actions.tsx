import { Button } from '@/ui/button';
import styles from './modal-form-actions.module.css';

type ModalFormActionsProps = {
  /** Closes the modal without saving. */
  onCancel: () => void;
  submitText: string;
  /** While the form cannot be sent yet (a required field is empty). */
  disabled?: boolean;
  loading?: boolean;
};

/** The foot of a form in a modal: 'Отменить' and the submit button, on the right. */
export const ModalFormActions = ({ onCancel, submitText, disabled, loading }: ModalFormActionsProps) => (
  <div className={styles.actions}>
    <Button variant="secondary" onClick={onCancel}>
      Отменить
    </Button>
    <Button type="submit" disabled={disabled} loading={loading}>
      {submitText}
    </Button>
  </div>
);
