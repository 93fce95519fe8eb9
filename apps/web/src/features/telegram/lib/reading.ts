/**
 * The clients whose Telegram conversation is open on screen (the inbox's, a client's page or
 * panel): the layout's live handler reads it to mark a message read as it arrives.
 */
const open = new Map<number, number>();

export const openClientConversation = (clientId: number) => {
  open.set(clientId, (open.get(clientId) ?? 0) + 1);
  return () => {
    const left = (open.get(clientId) ?? 1) - 1;
    if (left === 0) open.delete(clientId);
    else open.set(clientId, left);
  };
};

/** Open on screen, and the tab is in front. */
export const isClientBeingRead = (clientId: number): boolean =>
  open.has(clientId) && (typeof document === 'undefined' || document.visibilityState === 'visible');
