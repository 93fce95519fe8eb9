import { Bounce, ToastContainer } from 'react-toastify';

/** The toast settings of docs/product.md §10.4, word for word as react-toastify props. */
export const Toasts = () => (
  <ToastContainer
    position="bottom-right"
    autoClose={3000}
    hideProgressBar={false}
    newestOnTop={false}
    closeOnClick
    rtl={false}
    pauseOnFocusLoss
    draggable
    pauseOnHover
    theme="light"
    transition={Bounce}
  />
);
