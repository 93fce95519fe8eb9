/**
 * Toasts for the sign-in page: react-toastify (and a container, if the page has none) loads with
 * the first toast, so the page's first download goes without it. Elsewhere the app imports
 * `toast` from react-toastify directly; its root already shows the container.
 */
export const showToast = async (kind: 'success' | 'error', message: string): Promise<void> => {
  const { toast, ensureToasts } = await import('./toasts');
  ensureToasts();
  toast[kind](message);
};
