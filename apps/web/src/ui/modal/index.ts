export { ModalProvider } from './modal-provider';
export { useModals } from './modal-context';
export { ConfirmModal, useConfirm, type ConfirmOptions } from './confirm-modal';
export { ModalFormActions } from './modal-form-actions';
export type { ModalApi, ModalKind, ModalOptions, ModalControls } from './modal-types';
