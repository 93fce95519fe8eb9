import { toast } from 'react-toastify';
import { API_KEY_SCOPE_LABELS, type ApiKey } from '@crm/contract';
import { formatDate, formatDateTime } from '@/lib/dates';
import { IconButton } from '@/ui/button';
import { Icon } from '@/ui/icons';
import { useConfirm } from '@/ui/modal';
import rows from '@/ui/rows.module.css';
import { Skeleton } from '@/ui/skeleton';
import { useRevokeApiKey } from '@/features/integrations/api/api-keys';
import styles from './integrations.module.css';

export const API_KEY_REVOKED = 'Ключ отозван';

/** Two rows in grey while a card's list loads. */
export const RowsSkeleton = ({ testId }: { testId: string }) => (
  <div aria-hidden="true" data-testid={testId}>
    {[0, 1].map((i) => (
      <div key={i} className={styles.skeletonRow}>
        <div className={rows.grow}>
          <Skeleton width="35%" height={14} />
          <Skeleton width="60%" height={12} />
        </div>
        <Skeleton width={36} height={36} />
      </div>
    ))}
  </div>
);

/** Each key: its name and rights, until when, its last use and who made it; 'Отозвать'. */
export const ApiKeyList = ({ projectId, keys }: { projectId: number; keys: ApiKey[] }) => {
  const confirm = useConfirm();
  const revoke = useRevokeApiKey(projectId);
  const askRevoke = (key: ApiKey) =>
    void confirm({
      message: `Отозвать ключ «${key.name}»?`,
      hint: 'Скрипты и системы с этим ключом сразу перестанут получать доступ к проекту.',
      agreeText: 'Да, отозвать',
      onAgree: async () => {
        await revoke.mutateAsync(key.id);
        toast.success(API_KEY_REVOKED);
      },
    });

  return (
    <ul className={rows.list} data-testid="api-keys-list">
      {keys.map((key) => (
        <li key={key.id} className={styles.row} data-testid="api-key-row">
          <div className={styles.rowMain}>
            <span className={styles.nameLine}>
              <span className={`${rows.name} ${styles.name}`}>{key.name}</span>
              <span className={styles.badge}>{API_KEY_SCOPE_LABELS[key.scope]}</span>
            </span>
            <span className={`${rows.muted} ${styles.details}`}>
              <span>{key.expires_on ? `Действует по ${formatDate(key.expires_on)}` : 'Бессрочный'}</span>
              <span>
                {key.last_used_at
                  ? `Использован ${formatDateTime(key.last_used_at)}`
                  : 'Ещё не использовался'}
              </span>
              {key.created_by && <span>Создал {key.created_by.name}</span>}
            </span>
          </div>
          <IconButton label={`Отозвать ключ «${key.name}»`} onClick={() => askRevoke(key)}>
            <Icon name="trash" size={18} />
          </IconButton>
        </li>
      ))}
    </ul>
  );
};
