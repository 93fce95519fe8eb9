import { Link } from 'react-router';
import { roleLabels, type Status, type TeamMember } from '@crm/contract';
import { paths } from '@/lib/paths';
import { Slot } from '@/lib/slots';
import { initials } from '@/lib/initials';
import { Avatar } from '@/ui/avatar';
import { IconButton } from '@/ui/button';
import { Card, CardHead, CardTitle } from '@/ui/card';
import { cx } from '@/ui/cx';
import { Icon } from '@/ui/icons';
import rows from '@/ui/rows.module.css';
import { Skeleton } from '@/ui/skeleton';
import { canRemoveMember, useConfirmRemoveMember } from '@/features/team/api/remove-member';
import { MemberStatusSelect } from './member-status-select';
import styles from './team.module.css';

type TeamSectionProps = {
  projectId: number;
  currentUserId: number | null;
  members: TeamMember[] | undefined;
  statuses: Status[];
  loading: boolean;
};

export const RoleBadge = ({ role }: { role: TeamMember['role'] }) => (
  <span className={cx(styles.role, role !== 'manager' && styles.roleAdmin)}>{roleLabels[role]}</span>
);

const SkeletonRows = () => (
  <div aria-hidden="true" data-testid="team-skeleton">
    {[0, 1, 2].map((i) => (
      <div key={i} className={styles.skeletonRow}>
        <Skeleton width={36} height={36} />
        <div className={rows.grow}>
          <Skeleton width="40%" height={14} />
        </div>
        <Skeleton width={180} height={32} />
      </div>
    ))}
  </div>
);

/** The team of the project (GET /team): name, email, role, status; removal with a confirmation. */
export const TeamSection = ({ projectId, currentUserId, members, statuses, loading }: TeamSectionProps) => {
  const confirmRemove = useConfirmRemoveMember(projectId);
  const askRemove = (member: TeamMember) => void confirmRemove(member);

  return (
    <Card aria-labelledby="team-title">
      <CardHead>
        <CardTitle id="team-title" count={members?.length}>
          Команда
        </CardTitle>
      </CardHead>
      {loading || !members ? (
        <SkeletonRows />
      ) : (
        <table className={styles.table} data-testid="team-table">
          <thead>
            <tr>
              <th scope="col">Имя</th>
              <th scope="col">Роль</th>
              <th scope="col">Статус</th>
              <th scope="col">
                <span className="visually-hidden">Действия</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <tr key={member.id} data-testid="team-row">
                <td>
                  <div className={styles.person}>
                    <Avatar>{initials(member.name)}</Avatar>
                    <span className={styles.personText}>
                      <span>
                        <Link to={paths.manager(member.id)} className={cx(rows.name, styles.name)}>
                          {member.name}
                        </Link>
                        {member.id === currentUserId && <span className={styles.you}>(вы)</span>}
                        <Slot id="member-telegram" projectId={projectId} userId={member.id} />
                      </span>
                      <span className={cx(rows.muted, styles.muted)}>{member.email}</span>
                    </span>
                  </div>
                </td>
                <td>
                  <RoleBadge role={member.role} />
                </td>
                <td className={cx(styles.statusCell, member.role !== 'manager' && styles.noStatus)}>
                  {member.role === 'manager' ? (
                    <MemberStatusSelect
                      projectId={projectId}
                      userId={member.id}
                      name={member.name}
                      statusId={member.status?.id ?? null}
                      statuses={statuses}
                      hideLabel
                    />
                  ) : (
                    <span
                      className={cx(rows.muted, styles.muted)}
                      title="Статусы назначаются только менеджерам"
                    >
                      —
                    </span>
                  )}
                </td>
                <td className={styles.actionsCell}>
                  {canRemoveMember(member, currentUserId) && (
                    <IconButton
                      label={`Удалить из проекта: ${member.name}`}
                      destructive
                      onClick={() => askRemove(member)}
                    >
                      <Icon name="trash" size={18} />
                    </IconButton>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
};
