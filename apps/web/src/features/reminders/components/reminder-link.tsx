import type { ReactNode } from 'react';
import formStyles from '@/ui/form.module.css';
import { useReminderModals } from './use-reminder-modals';

/** The 'reminder-link' slot: a link-looking button that opens the reminder's details over the page. */
const ReminderLink = ({ reminderId, children }: { reminderId: number; children: ReactNode }) => {
  const { openDetails } = useReminderModals();
  return (
    <button
      type="button"
      className={formStyles.linkButton}
      data-testid="reminder-link"
      onClick={() => openDetails(reminderId)}
    >
      {children}
    </button>
  );
};

export default ReminderLink;
