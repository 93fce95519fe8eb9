/**
 * Toasts for the sign-in page and the layout's shell: react-toastify (and a container, if the page
 * has none) loads with the first toast, so the first download goes without it. Pages import
 * `toast` from react-toastify directly; the app's root already shows the container. `id` shows a
 * message once however often it is asked for.
 */
export const showToast = async (
  kind: 'success' | 'error' | 'info',
  message: string,
  id?: string,
): Promise<void> => {
  const { toast, ensureToasts } = await import('./toasts');
  ensureToasts();
  toast[kind](message, id ? { toastId: id } : undefined);
};
