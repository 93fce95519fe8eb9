/**
 * The conversation open on the chat page, if any: the layout's live handler reads it to tell a
 * message being read (no unread mark, read at once) from one that waits.
 */
let openConversation: number | null = null;

export const setOpenConversation = (id: number | null) => {
  openConversation = id;
};

/** Open on the page, and the tab is in front. */
export const isBeingRead = (id: number): boolean =>
  openConversation === id && (typeof document === 'undefined' || document.visibilityState === 'visible');
