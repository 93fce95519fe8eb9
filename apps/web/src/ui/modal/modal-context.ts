import { createContext, useContext } from 'react';
import type { ModalApi } from './modal-types';

export const ModalContext = createContext<ModalApi | null>(null);

/** The one modal stack of the app (see ModalProvider). */
export const useModals = (): ModalApi => {
  const api = useContext(ModalContext);
  if (!api) throw new Error('useModals must be used inside ModalProvider');
  return api;
};
