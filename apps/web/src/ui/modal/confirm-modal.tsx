import { useCallback, useState } from 'react';
import { Button, type ButtonVariant } from '@/ui/button';
import { useModals } from './modal-context';
import type { ModalApi } from './modal-types';
import styles from './confirm-modal.module.css';

export type ConfirmOptions = {
  message: string;
  hint?: string;
  /** Default 'Нет' (docs/product.md §2.4). */
  cancelText?: string;
  /** Default 'Да, удалить' (docs/product.md §2.4). */
  agreeText?: string;
  agreeVariant?: ButtonVariant;
  /**
   * Runs on agree while the modal stays open with a spinner; the modal closes when it resolves
   * and stays open when it throws (the action shows its own error toast).
   */
  onAgree?: () => Promise<unknown> | void;
};

type ConfirmModalProps = ConfirmOptions & { onDone: (agreed: boolean) => void };

export const ConfirmModal = ({
  message,
  hint,
  cancelText = 'Нет',
  agreeText = 'Да, удалить',
  agreeVariant = 'danger',
  onAgree,
  onDone,
}: ConfirmModalProps) => {
  const [busy, setBusy] = useState(false);
  const agree = async () => {
    if (!onAgree) return onDone(true);
    setBusy(true);
    try {
      await onAgree();
      onDone(true);
    } catch {
      setBusy(false);
    }
  };
  return (
    <div className={styles.box}>
      <p className={styles.message}>{message}</p>
      {hint && <p className={styles.hint}>{hint}</p>}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => onDone(false)} disabled={busy} data-autofocus>
          {cancelText}
        </Button>
        <Button variant={agreeVariant} onClick={agree} loading={busy}>
          {agreeText}
        </Button>
      </div>
    </div>
  );
};

/**
 * Opens a ConfirmModal on the stack and resolves true on agree, false on cancel, Escape or an
 * overlay click. Cancel has the initial focus so Enter never confirms a destructive action.
 * `showClose: false` leaves out the close icon (where its 'Закрыть' would read as the answer).
 */
export const openConfirm = (modals: ModalApi, options: ConfirmOptions, { showClose = true } = {}) =>
  new Promise<boolean>((resolve) => {
    let settled = false;
    const settle = (agreed: boolean) => {
      if (settled) return;
      settled = true;
      resolve(agreed);
    };
    const id = modals.open(
      () => (
        <ConfirmModal
          {...options}
          onDone={(agreed) => {
            settle(agreed);
            modals.close(id);
          }}
        />
      ),
      { width: 440, ariaLabel: options.message, showClose, onClose: () => settle(false) },
    );
  });

/** `openConfirm` on the app's modal stack. */
export const useConfirm = () => {
  const modals = useModals();
  return useCallback((options: ConfirmOptions) => openConfirm(modals, options), [modals]);
};
