import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { Bounce, ToastContainer, toast, type ToastContainerProps } from 'react-toastify';
// The toasts' styles as a file from the app's origin (the build takes react-toastify's unstyled
// entry, which does not write them into a <style> element: vite.config.ts).
import 'react-toastify/ReactToastify.css';
import './toasts.css';

export { toast };

/** The toast settings of docs/product.md §10.4, word for word as react-toastify props. */
const settings: ToastContainerProps = {
  position: 'bottom-right',
  autoClose: 3000,
  hideProgressBar: false,
  newestOnTop: false,
  closeOnClick: true,
  rtl: false,
  pauseOnFocusLoss: true,
  draggable: true,
  pauseOnHover: true,
  theme: 'light',
  transition: Bounce,
};

/** Containers on the page: the app's root renders one, the sign-in page none until needed. */
let containers = 0;

export const Toasts = () => {
  useEffect(() => {
    containers += 1;
    return () => {
      containers -= 1;
    };
  }, []);
  return <ToastContainer {...settings} />;
};

/**
 * Puts a container on a page that has none (the sign-in page, with its first toast).
 * react-toastify keeps the toasts raised before a container mounts and shows them once it has.
 */
export const ensureToasts = () => {
  if (containers > 0) return;
  containers += 1;
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(<ToastContainer {...settings} />);
};
