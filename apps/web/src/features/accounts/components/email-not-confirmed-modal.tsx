import { Button } from '@/ui/button';
import styles from './auth.module.css';
import { ResendVerification } from './resend-verification';

export const EMAIL_NOT_CONFIRMED_TITLE = 'Почта не подтверждена';

type EmailNotConfirmedModalProps = {
  email: string;
  onSignOut: () => void;
};

/**
 * The email-not-confirmed modal of docs/product.md §2.4: why the app is closed, the address the link went to,
 * the resend button with its cooldown, and a way out. It lives on the modal stack, outside the
 * session, so the page hands it the address and the sign-out.
 */
export const EmailNotConfirmedModal = ({ email, onSignOut }: EmailNotConfirmedModalProps) => (
  <div className={styles.modal}>
    <p className={styles.text}>
      Чтобы начать работу, подтвердите адрес электронной почты. Мы отправили письмо со ссылкой на{' '}
      <strong>{email}</strong>.
    </p>
    <p className={styles.text}>Письма нет? Проверьте папку «Спам» или отправьте его ещё раз.</p>
    <div className={styles.modalActions}>
      <ResendVerification />
      <Button variant="ghost" fullWidth onClick={onSignOut}>
        Выйти
      </Button>
    </div>
  </div>
);
