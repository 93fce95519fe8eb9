import { roleLabels, type Invitation } from '@crm/contract';
import { formatDate } from '../../../lib/dates';
import { Button, IconButton } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { Icon } from '../../../ui/icons';
import { useConfirm } from '../../../ui/modal';
import { Skeleton } from '../../../ui/skeleton';
import { useRevokeInvitation } from '../api/revoke-invitation';
import styles from './team.module.css';

type InvitationsSectionProps = {
  projectId: number;
  invitations: Invitation[] | undefined;
  loading: boolean;
  onInvite: () => void;
};

/** Pending invitations (GET /invitations): address, role, until when the link works; revoke. */
export const InvitationsSection = ({ projectId, invitations, loading, onInvite }: InvitationsSectionProps) => {
  const confirm = useConfirm();
  const revokeMutation = useRevokeInvitation(projectId);

  const askRevoke = (invitation: Invitation) =>
    void confirm({
      message: `Отозвать приглашение для ${invitation.email}?`,
      hint: 'Ссылка из письма перестанет работать.',
      agreeText: 'Да, отозвать',
      onAgree: () => revokeMutation.mutateAsync(invitation.id).catch(() => undefined),
    });

  return (
    <section className={styles.card} aria-labelledby="invitations-title">
      <div className={styles.cardHead}>
        <h2 id="invitations-title" className={styles.cardTitle}>
          Приглашения
          {invitations && invitations.length > 0 && <span className={styles.count}>{invitations.length}</span>}
        </h2>
      </div>
      {loading || !invitations ? (
        <div aria-hidden="true">
          {[0, 1].map((i) => (
            <div key={i} className={styles.skeletonRow}>
              <div className={styles.grow}>
                <Skeleton width="45%" height={14} />
              </div>
              <Skeleton width={120} height={14} />
            </div>
          ))}
        </div>
      ) : invitations.length === 0 ? (
        <EmptyState
          plain
          icon="mail"
          text="Приглашений, которые ждут ответа, нет."
          action={
            <Button variant="secondary" onClick={onInvite}>
              <Icon name="userPlus" size={18} />
              Пригласить
            </Button>
          }
        />
      ) : (
        <ul className={styles.list} data-testid="invitations-list">
          {invitations.map((invitation) => (
            <li key={invitation.id} className={styles.listItem} data-testid="invitation-row">
              <span className={styles.avatar} aria-hidden="true">
                <Icon name="mail" size={18} />
              </span>
              <span className={`${styles.personText} ${styles.grow}`}>
                <span className={styles.name}>{invitation.email}</span>
                <span className={styles.muted}>Действует до {formatDate(invitation.expires_at)}</span>
              </span>
              <span className={`${styles.role} ${invitation.role === 'admin' ? styles.roleAdmin : ''}`}>
                {roleLabels[invitation.role]}
              </span>
              <IconButton
                label={`Отозвать приглашение для ${invitation.email}`}
                className={styles.dangerIcon}
                onClick={() => askRevoke(invitation)}
              >
                <Icon name="close" size={18} />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
