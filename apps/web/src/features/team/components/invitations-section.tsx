import type { Invitation } from '@crm/contract';
import { formatDate } from '@/lib/dates';
import { Avatar } from '@/ui/avatar';
import { Button, IconButton } from '@/ui/button';
import { Card, CardHead, CardTitle } from '@/ui/card';
import { cx } from '@/ui/cx';
import { EmptyState } from '@/ui/empty-state';
import { Icon } from '@/ui/icons';
import { useConfirm } from '@/ui/modal';
import rows from '@/ui/rows.module.css';
import { Skeleton } from '@/ui/skeleton';
import { useRevokeInvitation } from '@/features/team/api/revoke-invitation';
import { RoleBadge } from './team-section';
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
    <Card aria-labelledby="invitations-title">
      <CardHead>
        <CardTitle id="invitations-title" count={invitations?.length || undefined}>
          Приглашения
        </CardTitle>
      </CardHead>
      {loading || !invitations ? (
        <div aria-hidden="true">
          {[0, 1].map((i) => (
            <div key={i} className={styles.skeletonRow}>
              <div className={rows.grow}>
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
        <ul className={cx(rows.list, styles.list)} data-testid="invitations-list">
          {invitations.map((invitation) => (
            <li key={invitation.id} className={styles.listItem} data-testid="invitation-row">
              <Avatar>
                <Icon name="mail" size={18} />
              </Avatar>
              <span className={cx(styles.personText, rows.grow)}>
                <span className={cx(rows.name, styles.name)}>{invitation.email}</span>
                <span className={cx(rows.muted, styles.muted)}>
                  Действует до {formatDate(invitation.expires_at)}
                </span>
              </span>
              <RoleBadge role={invitation.role} />
              <IconButton
                label={`Отозвать приглашение для ${invitation.email}`}
                destructive
                onClick={() => askRevoke(invitation)}
              >
                <Icon name="close" size={18} />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
};
