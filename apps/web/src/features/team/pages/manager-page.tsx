import { Outlet, useNavigate } from 'react-router';
import { roleLabels } from '@crm/contract';
import { paths } from '@/lib/paths';
import type { ManagerClientsOutletContext } from '@/lib/route-fragment';
import { Slot } from '@/lib/slots';
import { errorToastMessage } from '@/lib/api-error';
import { initials } from '@/lib/initials';
import { useAdminProjectId, useSession } from '@/lib/session-context';
import { useStatuses } from '@/features/statuses';
import { Avatar } from '@/ui/avatar';
import { BackLink } from '@/ui/back-link';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { cx } from '@/ui/cx';
import { EmptyState } from '@/ui/empty-state';
import { Icon } from '@/ui/icons';
import { PageHeader } from '@/ui/page-header';
import rows from '@/ui/rows.module.css';
import { Skeleton } from '@/ui/skeleton';
import { useSwitchToMember } from '@/features/team/api/get-member-access-token';
import { canRemoveMember, useConfirmRemoveMember } from '@/features/team/api/remove-member';
import { useProjectMember } from '@/features/team/api/get-project-member';
import { MemberStatusSelect } from '@/features/team/components/member-status-select';
import styles from '@/features/team/components/team.module.css';

const backLink = <BackLink to={paths.managers}>Все менеджеры</BackLink>;

/** /managers/{managerId}: who the person is in the project, his clients and his reminders. */
export const ManagerPage = ({ managerId }: { managerId: number | null }) => {
  const { role: viewerRole, user: viewer } = useSession();
  const projectId = useAdminProjectId();
  const memberQuery = useProjectMember(projectId, managerId);
  const statusesQuery = useStatuses(projectId);
  const switchMutation = useSwitchToMember(projectId);
  const confirmRemove = useConfirmRemoveMember(projectId ?? 0);
  const navigate = useNavigate();

  const header = <PageHeader title="Менеджеры" />;

  if (managerId === null || memberQuery.isError) {
    const message =
      managerId === null
        ? 'Участник проекта не найден'
        : errorToastMessage(memberQuery.error, 'Failed to get user.');
    return (
      <>
        {header}
        {backLink}
        <EmptyState icon="team" text={message} />
      </>
    );
  }

  const data = memberQuery.data;
  if (!data || projectId === null) {
    return (
      <>
        {header}
        {backLink}
        <Card aria-busy="true" aria-label="Загрузка">
          <div className={styles.profile}>
            <Skeleton width={56} height={56} />
            <div className={styles.profileMain}>
              <Skeleton width="40%" height={22} />
              <Skeleton width="30%" height={14} />
            </div>
          </div>
        </Card>
      </>
    );
  }

  const { user, project_data: place } = data;
  const statuses = statusesQuery.data ?? [];
  // Only the role admin switches into a manager's account (docs/product.md §3.5), never into his own.
  const canSwitch = viewerRole === 'admin' && place.role === 'manager' && viewer?.id !== user.id;

  return (
    <>
      {header}
      {backLink}
      <Card aria-labelledby="manager-name" data-testid="manager-profile">
        <div className={styles.profile}>
          <Avatar size="lg">{initials(user.name)}</Avatar>
          <div className={styles.profileMain}>
            <h2 id="manager-name" className={styles.profileName}>
              {user.name}
            </h2>
            <a href={`mailto:${user.email}`} className={cx(rows.muted, styles.muted)}>
              {user.email}
            </a>
          </div>
          <div className={styles.profileActions}>
            {canSwitch && (
              <Button
                variant="secondary"
                loading={switchMutation.isPending}
                onClick={() => switchMutation.mutate(user.id)}
              >
                <Icon name="login" size={18} />
                Войти в аккаунт
              </Button>
            )}
            {canRemoveMember({ id: user.id, role: place.role }, viewer?.id) && (
              <Button
                variant="secondary"
                onClick={() =>
                  void confirmRemove(user).then((removed) => {
                    if (removed) void navigate(paths.managers);
                  })
                }
              >
                <Icon name="trash" size={18} />
                Удалить из проекта
              </Button>
            )}
          </div>
        </div>
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt className={styles.factLabel}>Роль</dt>
            <dd className={styles.factValue}>{roleLabels[place.role]}</dd>
          </div>
          <div className={styles.fact}>
            <dt className={styles.factLabel}>Статус</dt>
            <dd className={`${styles.factValue} ${styles.factControl}`}>
              {place.role !== 'manager' ? (
                <span className={cx(rows.muted, styles.muted)}>Статусы назначаются только менеджерам</span>
              ) : statusesQuery.isPending ? (
                <Skeleton width={200} height={40} />
              ) : (
                <MemberStatusSelect
                  projectId={projectId}
                  userId={user.id}
                  name={user.name}
                  statusId={place.status_id}
                  statuses={statuses}
                  hideLabel
                />
              )}
            </dd>
          </div>
        </dl>
      </Card>
      <div className={styles.sections}>
        <Card aria-labelledby="manager-clients" data-testid="manager-clients">
          {/* His clients come from the clients feature, mounted here as this route's child. */}
          <Outlet
            context={
              {
                projectId,
                managerId: user.id,
                titleId: 'manager-clients',
              } satisfies ManagerClientsOutletContext
            }
          />
        </Card>
        {/* His reminders come from the reminders feature: the whole 'Напоминания' card. */}
        <Slot
          id="manager-reminders"
          managerId={user.id}
          fallback={
            <Card aria-busy="true" aria-label="Загрузка напоминаний">
              <Skeleton width="40%" height={20} />
            </Card>
          }
        />
      </div>
    </>
  );
};
