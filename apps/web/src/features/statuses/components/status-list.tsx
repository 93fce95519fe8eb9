import { Link } from 'react-router';
import { toast } from 'react-toastify';
import type { Status } from '@crm/contract';
import { paths } from '@/lib/paths';
import { formatNumber } from '@/lib/numbers';
import { Avatar } from '@/ui/avatar';
import { Button, IconButton } from '@/ui/button';
import { cx } from '@/ui/cx';
import { Icon } from '@/ui/icons';
import { useConfirm } from '@/ui/modal';
import rows from '@/ui/rows.module.css';
import { Skeleton } from '@/ui/skeleton';
import { useDeleteStatus } from '@/features/statuses/api/delete-status';
import { useUpdateStatus } from '@/features/statuses/api/update-status';
import { STATUS_UPDATED } from './status-modal';
import styles from './statuses.module.css';

export const DefaultBadge = () => (
  <span className={styles.badge} data-testid="default-badge">
    <Icon name="check" size={14} />
    По умолчанию
  </span>
);

export const StatusListSkeleton = () => (
  <div aria-hidden="true" data-testid="statuses-skeleton">
    {[0, 1, 2].map((i) => (
      <div key={i} className={styles.skeletonRow}>
        <Skeleton width={36} height={36} />
        <div className={rows.grow}>
          <Skeleton width="30%" height={14} />
        </div>
        <Skeleton width={140} height={14} />
      </div>
    ))}
  </div>
);

type StatusListProps = {
  projectId: number;
  statuses: Status[];
  onEdit: (status: Status) => void;
};

/** Each status: its name (to its goals), the default badge, the deposit goal, and its actions. */
export const StatusList = ({ projectId, statuses, onEdit }: StatusListProps) => {
  const confirm = useConfirm();
  const updateMutation = useUpdateStatus(projectId);
  const deleteMutation = useDeleteStatus(projectId);

  const makeDefault = (status: Status) =>
    updateMutation.mutate(
      { statusId: status.id, body: { name: status.name, is_default: true } },
      { onSuccess: () => toast.success(STATUS_UPDATED) },
    );

  const askDelete = (status: Status) =>
    void confirm({
      message: `Удалить статус «${status.name}»?`,
      hint: status.is_default
        ? 'Статусом по умолчанию станет самый старый из оставшихся, его же получат менеджеры с этим статусом.'
        : 'Менеджеры с этим статусом получат статус по умолчанию.',
      onAgree: () => deleteMutation.mutateAsync(status.id),
    });

  return (
    <ul className={cx(rows.list, styles.statusGrid)} data-testid="statuses-list">
      {statuses.map((status) => (
        <li key={status.id} className={styles.row} data-testid="status-row">
          <Avatar className={styles.rowIcon}>
            <Icon name="flag" size={18} />
          </Avatar>
          <div className={styles.rowMain}>
            <span className={styles.nameLine}>
              <Link to={paths.status(status.id)} className={cx(rows.name, styles.name)}>
                {status.name}
              </Link>
              {status.is_default && <DefaultBadge />}
            </span>
          </div>
          <div className={styles.goal}>
            <span className={rows.muted}>Цель по депозиту</span>
            <span className={styles.goalValue}>{status.deposit_goal > 0 ? formatNumber(status.deposit_goal) : '—'}</span>
          </div>
          <div className={styles.defaultCell}>
            {!status.is_default && (
              <Button
                variant="ghost"
                onClick={() => makeDefault(status)}
                disabled={updateMutation.isPending}
              >
                Сделать по умолчанию
                <span className="visually-hidden"> «{status.name}»</span>
              </Button>
            )}
          </div>
          <div className={styles.rowActions}>
            <IconButton label={`Переименовать статус «${status.name}»`} onClick={() => onEdit(status)}>
              <Icon name="edit" size={18} />
            </IconButton>
            <IconButton
              label={`Удалить статус «${status.name}»`}
              destructive
              onClick={() => askDelete(status)}
            >
              <Icon name="trash" size={18} />
            </IconButton>
          </div>
        </li>
      ))}
    </ul>
  );
};
