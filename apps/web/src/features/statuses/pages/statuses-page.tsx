import { useCallback } from 'react';
import { useParams } from 'react-router';
import type { Status } from '@crm/contract';
import { useAdminProjectId } from '@/lib/session-context';
import { useStatuses } from '@/features/statuses/api/statuses-query';
import { Button } from '@/ui/button';
import { Card, CardHead, CardTitle } from '@/ui/card';
import { EmptyState, LoadError } from '@/ui/empty-state';
import { Icon } from '@/ui/icons';
import { useModals } from '@/ui/modal';
import { PageHeader } from '@/ui/page-header';
import { StatusList, StatusListSkeleton } from '@/features/statuses/components/status-list';
import { StatusModal } from '@/features/statuses/components/status-modal';
import { StatusPage } from './status-page';

/** /status/{statusId}: a positive integer, else null. */
const parseId = (raw: string): number | null => (/^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

/** Serves /status (the list of manager levels) and /status/{statusId} (one status's goals). */
export const StatusesPage = () => {
  const { statusId } = useParams();
  if (statusId !== undefined) return <StatusPage statusId={parseId(statusId)} />;
  return <StatusListPage />;
};

const StatusListPage = () => {
  const projectId = useAdminProjectId();
  const modals = useModals();
  const statusesQuery = useStatuses(projectId);

  const openModal = useCallback(
    (status?: Status) => {
      if (projectId === null) return;
      const id = modals.open(
        () => <StatusModal projectId={projectId} status={status} onDone={() => modals.close(id)} />,
        { title: status ? 'Редактировать статус' : 'Новый статус' },
      );
    },
    [modals, projectId],
  );
  const openAdd = () => openModal();

  const statuses = statusesQuery.data;
  return (
    <>
      <PageHeader
        title="Статусы"
        actions={
          <Button onClick={openAdd} disabled={projectId === null}>
            <Icon name="plus" size={18} />
            Добавить статус
          </Button>
        }
      />
      {statusesQuery.isError ? (
        <LoadError text="Не удалось загрузить статусы." onRetry={() => void statusesQuery.refetch()} />
      ) : statuses && statuses.length === 0 ? (
        <EmptyState
          icon="flag"
          text="Статусов пока нет: добавьте первый, например «Новичок», и задайте ему цели."
          action={
            <Button variant="secondary" onClick={openAdd}>
              <Icon name="plus" size={18} />
              Добавить статус
            </Button>
          }
        />
      ) : (
        <Card aria-labelledby="statuses-title">
          <CardHead text="Новые менеджеры получают статус по умолчанию; у каждого статуса свои цели.">
            <CardTitle id="statuses-title">Уровни менеджеров</CardTitle>
          </CardHead>
          {statuses && projectId !== null ? (
            <StatusList projectId={projectId} statuses={statuses} onEdit={openModal} />
          ) : (
            <StatusListSkeleton />
          )}
        </Card>
      )}
    </>
  );
};
