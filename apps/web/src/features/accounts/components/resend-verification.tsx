import { useId } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import { Button } from '@/ui/button';
import { RESEND_MUTATION_KEY, useResendVerification } from '@/features/accounts/api/resend-verification';
import { useResendCooldown } from '@/features/accounts/lib/use-resend-cooldown';
import styles from './auth.module.css';

type ResendVerificationProps = {
  variant?: 'primary' | 'secondary';
};

/**
 * 'Отправить письмо повторно' with the 2-minute cooldown of docs/product.md §6.4: disabled until it runs out,
 * the time left shown as mm:ss and counted down every second (from `lastSentTime`, so a reload
 * keeps it). A resend still in flight — the start-up one too — shows the spinner.
 */
export const ResendVerification = ({ variant = 'primary' }: ResendVerificationProps) => {
  const resend = useResendVerification();
  const sending = useIsMutating({ mutationKey: RESEND_MUTATION_KEY }) > 0;
  const { remaining, label } = useResendCooldown();
  const hintId = useId();
  const waiting = remaining > 0;
  return (
    <div className={styles.resend}>
      <Button
        variant={variant}
        fullWidth
        loading={sending}
        disabled={waiting}
        aria-describedby={waiting ? hintId : undefined}
        onClick={() => resend.mutate()}
      >
        Отправить письмо повторно
      </Button>
      {waiting && (
        <p id={hintId} className={styles.cooldown}>
          Отправить снова можно через{' '}
          <span role="timer" aria-label="Время до повторной отправки" className={styles.timer}>
            {label}
          </span>
        </p>
      )}
    </div>
  );
};
