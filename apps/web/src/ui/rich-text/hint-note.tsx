import { Icon } from '@/ui/icons';
import { RichTextView } from './rich-text-view';
import styles from './hint-modals.module.css';

type HintNoteProps = {
  /** The hint: a stored rich text ('' shows nothing). */
  value: string;
  /** What it is a hint of, for screen readers: 'Подсказка категории «Сделка»'. */
  label: string;
};

/** A hint shown where the work is (a client's stage, a chosen option): read-only, in a quiet box. */
export const HintNote = ({ value, label }: HintNoteProps) =>
  value === '' ? null : (
    <div className={styles.note} role="note" aria-label={label} data-testid="hint-note">
      <Icon name="help" size={16} className={styles.noteIcon} />
      <RichTextView value={value} className={styles.noteText} />
    </div>
  );
