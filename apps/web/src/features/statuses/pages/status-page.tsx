import { toast } from 'react-toastify';
import { paths } from '@/lib/paths';
import { errorToastMessage } from '@/lib/api-error';
import { useClientCategories } from '@/features/clients';
import { useAdminProjectId } from '@/lib/session-context';
import { BackLink } from '@/ui/back-link';
import { Button } from '@/ui/button';
import { Card, CardHead, CardStack, CardTitle } from '@/ui/card';
import { EmptyState, LoadError } from '@/ui/empty-state';
import { Icon } from '@/ui/icons';
import { useConfirm } from '@/ui/modal';
import { PageHeader } from '@/ui/page-header';
import { Skeleton } from '@/ui/skeleton';
import { GET_STATUS_FAILED, useStatus } from '@/features/statuses/api/get-status';
import { useStatusGoals } from '@/features/statuses/api/get-status-goals';
import { useResetStatus } from '@/features/statuses/api/reset-status';
import { CategoryGoalsForm } from '@/features/statuses/components/category-goals-form';
import { DepositGoalForm } from '@/features/statuses/components/deposit-goal-form';
import { DefaultBadge } from '@/features/statuses/components/status-list';
import styles from '@/features/statuses/components/statuses.module.css';

export const STATUS_RESET = 'Успешно обновлен!';

const backLink = <BackLink to={paths.statuses}>Все статусы</BackLink>;

const CardSkeleton = () => (
  <div aria-hidden="true">
    <div className={styles.skeletonStack}>
      <Skeleton width="35%" height={16} />
      <Skeleton width={360} height={40} />
    </div>
  </div>
);

/** /status/{statusId}: the goals of one status, per client category and for the deposit. */
export const StatusPage = ({ statusId }: { statusId: number | null }) => {
  const projectId = useAdminProjectId();
  const statusQuery = useStatus(projectId, statusId);
  const goalsQuery = useStatusGoals(projectId, statusId);
  const { categories, isPending: categoriesPending } = useClientCategories(projectId);
  const resetMutation = useResetStatus(projectId ?? 0);
  const confirm = useConfirm();

  const header = <PageHeader title="Статусы" />;

  if (statusId === null || statusQuery.isError) {
    return (
      <>
        {header}
        {backLink}
        <EmptyState
          icon="flag"
          text={statusId === null ? 'Статус не найден' : errorToastMessage(statusQuery.error, GET_STATUS_FAILED)}
        />
      </>
    );
  }

  const status = statusQuery.data;
  const askReset = () => {
    if (!status) return;
    void confirm({
      message: `Сбросить цели статуса «${status.name}»?`,
      hint: 'Цели по категориям клиентов и цель по депозиту будут очищены.',
      agreeText: 'Да, сбросить',
      onAgree: async () => {
        await resetMutation.mutateAsync(status.id);
        toast.success(STATUS_RESET);
      },
    });
  };

  return (
    <>
      {header}
      {backLink}
      <CardStack>
        <Card aria-labelledby="status-name" aria-busy={!status || undefined}>
          <CardHead
            text="Цель по депозиту — сумма клиентов, которую должен набрать менеджер с этим статусом."
            actions={
              <Button variant="secondary" onClick={askReset} disabled={!status}>
                <Icon name="history" size={18} />
                Сбросить цели
              </Button>
            }
          >
            {status ? (
              <h2 id="status-name" className={styles.statusTitle}>
                {status.name}
                {status.is_default && <DefaultBadge />}
              </h2>
            ) : (
              <Skeleton width={200} height={24} />
            )}
          </CardHead>
          {status && projectId !== null ? (
            <DepositGoalForm key={`${status.id}:${status.deposit_goal}`} projectId={projectId} status={status} />
          ) : (
            <CardSkeleton />
          )}
        </Card>
        <Card aria-labelledby="goals-title">
          <CardHead text="Сколько клиентов менеджер должен привести в каждую категорию.">
            <CardTitle id="goals-title">Цели по категориям клиентов</CardTitle>
          </CardHead>
          {goalsQuery.isError ? (
            <LoadError
              plain
              text="Не удалось загрузить цели статуса."
              onRetry={() => void goalsQuery.refetch()}
            />
          ) : goalsQuery.data && !categoriesPending && projectId !== null && statusId !== null ? (
            <CategoryGoalsForm
              key={goalsQuery.dataUpdatedAt}
              projectId={projectId}
              statusId={statusId}
              categories={categories}
              goals={goalsQuery.data}
            />
          ) : (
            <CardSkeleton />
          )}
        </Card>
      </CardStack>
    </>
  );
};
