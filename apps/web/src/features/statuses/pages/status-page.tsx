import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { errorToastMessage } from '../../../lib/api-error';
import { useClientCategories } from '../../../lib/client-categories-query';
import { useSession } from '../../../lib/session-context';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { Icon } from '../../../ui/icons';
import { useConfirm } from '../../../ui/modal';
import { PageHeader } from '../../../ui/page-header';
import { Skeleton } from '../../../ui/skeleton';
import { GET_STATUS_FAILED, useStatus } from '../api/get-status';
import { useStatusGoals } from '../api/get-status-goals';
import { useResetStatus } from '../api/reset-status';
import { CategoryGoalsForm } from '../components/category-goals-form';
import { DepositGoalForm } from '../components/deposit-goal-form';
import { DefaultBadge } from '../components/status-list';
import styles from '../components/statuses.module.css';

export const STATUS_RESET = 'Успешно обновлен!';

const BackLink = () => (
  <Link to="/status" className={styles.back}>
    <Icon name="chevronLeft" size={16} />
    Все статусы
  </Link>
);

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
  const { projectId: sessionProjectId, isAdmin } = useSession();
  // Admin screens open while the role loads (spec §2); their data waits for it, so a manager
  // who opens one sees 'Нет доступа' without a refused request behind it.
  const projectId = isAdmin ? sessionProjectId : null;
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
        <BackLink />
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
      <BackLink />
      <div className={styles.stack}>
        <section className={styles.card} aria-labelledby="status-name" aria-busy={!status || undefined}>
          <div className={styles.cardHead}>
            <div>
              {status ? (
                <h2 id="status-name" className={styles.statusTitle}>
                  {status.name}
                  {status.is_default && <DefaultBadge />}
                </h2>
              ) : (
                <Skeleton width={200} height={24} />
              )}
              <p className={styles.cardText}>
                Цель по депозиту — сумма клиентов, которую должен набрать менеджер с этим статусом.
              </p>
            </div>
            <Button variant="secondary" onClick={askReset} disabled={!status}>
              <Icon name="history" size={18} />
              Сбросить цели
            </Button>
          </div>
          {status && projectId !== null ? (
            <DepositGoalForm key={`${status.id}:${status.deposit_goal}`} projectId={projectId} status={status} />
          ) : (
            <CardSkeleton />
          )}
        </section>
        <section className={styles.card} aria-labelledby="goals-title">
          <div className={styles.cardHead}>
            <div>
              <h2 id="goals-title" className={styles.cardTitle}>
                Цели по категориям клиентов
              </h2>
              <p className={styles.cardText}>Сколько клиентов менеджер должен привести в каждую категорию.</p>
            </div>
          </div>
          {goalsQuery.isError ? (
            <EmptyState
              plain
              icon="alert"
              text="Не удалось загрузить цели статуса."
              action={
                <Button variant="secondary" onClick={() => void goalsQuery.refetch()}>
                  Повторить
                </Button>
              }
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
        </section>
      </div>
    </>
  );
};
