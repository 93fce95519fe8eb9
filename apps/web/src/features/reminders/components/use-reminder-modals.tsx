import { lazy, Suspense, useCallback, useMemo } from 'react';
import { useSessionModals } from '@/lib/session-modals';
import { ReminderModalSkeleton } from './reminder-modal-skeleton';

// The modals' code loads on first open: the pages that offer them stay light.
const ReminderDetails = lazy(() => import('./reminder-details'));
const ReminderCreate = lazy(() => import('./reminder-create'));

export type OpenCreateOptions = {
  /** Opened from a client: the client is fixed. */
  clientId?: number;
  /** A day of the project's zone, 'YYYY-MM-DD' (a calendar's day); the date field starts on it. */
  date?: string;
};

export type ReminderModals = {
  /** The 'client reminder details' modal of one reminder (any status; a foreign id says not found). */
  openDetails: (reminderId: number) => void;
  /** The 'create client reminder' modal. */
  openCreate: (options?: OpenCreateOptions) => void;
};

/** Details: 830 px like the hint modals (it shows the hints); create: 720 px (it holds the editor). */
export const DETAILS_WIDTH = 830;
export const CREATE_WIDTH = 720;

/**
 * The reminders' modals, for any screen that lists reminders (calendar, today, a client's or a
 * manager's list). Every action inside refreshes every reminders query of the project.
 */
export const useReminderModals = (): ReminderModals => {
  const modals = useSessionModals();

  const openDetails = useCallback(
    (reminderId: number) => {
      modals.open(
        ({ close }) => (
          <Suspense fallback={<ReminderModalSkeleton />}>
            <ReminderDetails reminderId={reminderId} onClose={close} />
          </Suspense>
        ),
        { ariaLabel: 'Напоминание', width: DETAILS_WIDTH },
      );
    },
    [modals],
  );

  const openCreate = useCallback(
    (options: OpenCreateOptions = {}) => {
      modals.open(
        ({ close }) => (
          <Suspense fallback={<ReminderModalSkeleton />}>
            <ReminderCreate clientId={options.clientId} date={options.date} onClose={close} />
          </Suspense>
        ),
        { title: 'Новое напоминание', width: CREATE_WIDTH, closeOnOverlay: false },
      );
    },
    [modals],
  );

  return useMemo(() => ({ openDetails, openCreate }), [openDetails, openCreate]);
};
