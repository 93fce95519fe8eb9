/** The fallbacks of docs/product.md §5.5 for the reminders' calls (the toast when the server names no reason). */
export const REMINDER_ERRORS = {
  calendar: 'Failed to get calendar reminder events.',
  get: 'Failed to get calendar reminder event.',
  create: 'Failed to create calendar reminder event. Please try again.',
  /** The spec's text for reschedule, task status and complete as well. */
  update: 'Failed to reorder reminder event.',
  cancel: 'Failed to cancel reminder event.',
} as const;
