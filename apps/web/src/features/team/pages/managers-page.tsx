import { useCallback } from 'react';
import { useParams } from 'react-router';
import { useAdminProjectId, useSession } from '@/lib/session-context';
import { useStatuses } from '@/features/statuses';
import { Button } from '@/ui/button';
import { CardStack } from '@/ui/card';
import { LoadError } from '@/ui/empty-state';
import { Icon } from '@/ui/icons';
import { useModals } from '@/ui/modal';
import { PageHeader } from '@/ui/page-header';
import { useInvitations } from '@/features/team/api/get-invitations';
import { useTeam } from '@/features/team/api/get-team';
import { InvitationModal } from '@/features/team/components/invitation-modal';
import { InvitationsSection } from '@/features/team/components/invitations-section';
import { TeamSection } from '@/features/team/components/team-section';
import { ManagerPage } from './manager-page';

/** /managers/{managerId}: a positive integer, else null (the list is shown for /managers). */
const parseId = (raw: string | undefined): number | null =>
  raw !== undefined && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;

/** Serves /managers (the team and its invitations) and /managers/{managerId} (one manager). */
export const ManagersPage = () => {
  const { managerId } = useParams();
  if (managerId !== undefined) return <ManagerPage managerId={parseId(managerId)} />;
  return <TeamPage />;
};

const TeamPage = () => {
  const { user } = useSession();
  const projectId = useAdminProjectId();
  const modals = useModals();
  const teamQuery = useTeam(projectId);
  const invitationsQuery = useInvitations(projectId);
  const statusesQuery = useStatuses(projectId);

  const openInvite = useCallback(() => {
    if (projectId === null) return;
    const id = modals.open(() => <InvitationModal projectId={projectId} onDone={() => modals.close(id)} />, {
      title: 'Пригласить в проект',
    });
  }, [modals, projectId]);

  return (
    <>
      <PageHeader
        title="Менеджеры"
        actions={
          <Button onClick={openInvite} disabled={projectId === null}>
            <Icon name="userPlus" size={18} />
            Пригласить
          </Button>
        }
      />
      {teamQuery.isError ? (
        <LoadError text="Не удалось загрузить команду проекта." onRetry={() => void teamQuery.refetch()} />
      ) : (
        <CardStack>
          <TeamSection
            projectId={projectId ?? 0}
            currentUserId={user?.id ?? null}
            members={teamQuery.data}
            statuses={statusesQuery.data ?? []}
            loading={teamQuery.isPending}
          />
          {/* Below the team, whose list is taller than its placeholder: it comes with the team,
              so the team's arrival never pushes it down. */}
          {!teamQuery.isPending && (
            <InvitationsSection
              projectId={projectId ?? 0}
              invitations={invitationsQuery.data}
              loading={invitationsQuery.isPending}
              onInvite={openInvite}
            />
          )}
        </CardStack>
      )}
    </>
  );
};
