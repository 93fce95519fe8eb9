import { Link } from 'react-router';
import { roleLabels } from '@crm/contract';
import { errorToastMessage } from '../../../lib/api-error';
import { initials } from '../../../lib/initials';
import { useSession } from '../../../lib/session-context';
import { useStatuses } from '../../../lib/statuses-query';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { Icon } from '../../../ui/icons';
import { PageHeader } from '../../../ui/page-header';
import { Skeleton } from '../../../ui/skeleton';
import { useSwitchToMember } from '../api/get-member-access-token';
import { useProjectMember } from '../api/get-project-member';
import { MemberStatusSelect } from '../components/member-status-select';
import styles from '../components/team.module.css';

const BackLink = () => (
  <Link to="/managers" className={styles.back}>
    <Icon name="chevronLeft" size={16} />
    Все менеджеры
  </Link>
);

/** /managers/{managerId}: who the person is in the project; his clients and reminders later. */
export const ManagerPage = ({ managerId }: { managerId: number | null }) => {
  const { projectId: sessionProjectId, isAdmin, role: viewerRole, user: viewer } = useSession();
  // Admin screens open while the role loads (spec §2); their data waits for it, so a manager
  // who opens one sees 'Нет доступа' without a refused request behind it.
  const projectId = isAdmin ? sessionProjectId : null;
  const memberQuery = useProjectMember(projectId, managerId);
  const statusesQuery = useStatuses(projectId);
  const switchMutation = useSwitchToMember(projectId);

  const header = <PageHeader title="Менеджеры" />;

  if (managerId === null || memberQuery.isError) {
    const message =
      managerId === null
        ? 'Участник проекта не найден'
        : errorToastMessage(memberQuery.error, 'Failed to get user.');
    return (
      <>
        {header}
        <BackLink />
        <EmptyState icon="team" text={message} />
      </>
    );
  }

  const data = memberQuery.data;
  if (!data || projectId === null) {
    return (
      <>
        {header}
        <BackLink />
        <section className={styles.card} aria-busy="true" aria-label="Загрузка">
          <div className={styles.profile}>
            <Skeleton width={56} height={56} />
            <div className={styles.profileMain}>
              <Skeleton width="40%" height={22} />
              <Skeleton width="30%" height={14} />
            </div>
          </div>
        </section>
      </>
    );
  }

  const { user, project_data: place } = data;
  const statuses = statusesQuery.data ?? [];
  // Only the role admin switches into a manager's account (spec §6), never into his own.
  const canSwitch = viewerRole === 'admin' && place.role === 'manager' && viewer?.id !== user.id;

  return (
    <>
      {header}
      <BackLink />
      <section className={styles.card} aria-labelledby="manager-name" data-testid="manager-profile">
        <div className={styles.profile}>
          <span className={`${styles.avatar} ${styles.avatarLarge}`} aria-hidden="true">
            {initials(user.name)}
          </span>
          <div className={styles.profileMain}>
            <h2 id="manager-name" className={styles.profileName}>
              {user.name}
            </h2>
            <a href={`mailto:${user.email}`} className={styles.muted}>
              {user.email}
            </a>
          </div>
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
                <span className={styles.muted}>Статусы назначаются только менеджерам</span>
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
      </section>
      <div className={styles.sections}>
        <section className={styles.card} aria-labelledby="manager-clients">
          <h2 id="manager-clients" className={styles.cardTitle}>
            Клиенты
          </h2>
          <EmptyState plain icon="clients" text="Клиенты менеджера появятся здесь, когда в проекте заработает раздел «Клиенты»." />
        </section>
        <section className={styles.card} aria-labelledby="manager-reminders">
          <h2 id="manager-reminders" className={styles.cardTitle}>
            Напоминания
          </h2>
          <EmptyState
            plain
            icon="calendar"
            text="Напоминания менеджера появятся здесь, когда в проекте заработают напоминания."
          />
        </section>
      </div>
    </>
  );
};
