import { useSession } from '@/lib/session-context';
import { appStorage } from '@/lib/storage';
import { Button } from '@/ui/button';
import { Icon } from '@/ui/icons';
import { leaveMemberAccount } from '@/features/team/api/get-member-access-token';
import styles from './team.module.css';

/**
 * A strip under the header bar while an admin works inside a manager's account (a manager's
 * token in this tab's sessionStorage `access_token`): whose account this is, and the way back.
 * It stays in view with the header (sticky) on every screen of the layout.
 */
export const ImpersonationBanner = () => {
  const { user } = useSession();
  if (!user || !appStorage.isImpersonating()) return null;
  return (
    <div className={styles.impersonation} role="status" data-testid="impersonation-banner">
      <Icon name="login" size={18} className={styles.impersonationIcon} />
      <p className={styles.impersonationText}>
        Вы вошли как <strong>{user.name}</strong>
        <span className={styles.impersonationNote}> · вы работаете в аккаунте менеджера</span>
      </p>
      <Button
        variant="secondary"
        className={styles.impersonationBack}
        onClick={() => void leaveMemberAccount()}
        aria-label={`Вернуться в свой аккаунт из аккаунта ${user.name}`}
      >
        Вернуться
      </Button>
    </div>
  );
};
