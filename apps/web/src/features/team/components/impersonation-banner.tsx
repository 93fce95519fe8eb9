import { Button } from '../../../ui/button';
import { Icon } from '../../../ui/icons';
import { leaveMemberAccount } from '../api/get-member-access-token';
import styles from './team.module.css';

/**
 * Shown in the header while an admin works inside a manager's account (sessionStorage
 * `access_token`): whose account this is, and the way back to his own.
 */
export const ImpersonationBanner = ({ name }: { name: string }) => (
  <div className={styles.impersonation} role="status" title={`Вы вошли как ${name}`} data-testid="impersonation-banner">
    <Icon name="login" size={18} className={styles.impersonationIcon} />
    <span className={styles.impersonationText}>
      <span className={styles.impersonationPrefix}>Вы вошли как </span>
      <strong>{name}</strong>
    </span>
    <Button
      variant="secondary"
      className={styles.impersonationBack}
      onClick={leaveMemberAccount}
      aria-label={`Вернуться в свой аккаунт из аккаунта ${name}`}
    >
      Вернуться
    </Button>
  </div>
);
