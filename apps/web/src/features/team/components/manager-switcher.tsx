import { useId, useState } from 'react';
import { initials } from '@/lib/initials';
import { Avatar } from '@/ui/avatar';
import { dropdownItemClass } from '@/ui/dropdown';
import { Icon } from '@/ui/icons';
import { Skeleton } from '@/ui/skeleton';
import { useSwitchToMember } from '@/features/team/api/get-member-access-token';
import { useMembers } from '@/features/team/api/get-members';
import styles from './team.module.css';

/**
 * The account dropdown's 'Менеджеры' block (docs/product.md §2.3, §3.2): for the role admin only,
 * 'Показать всех' unfolds the project's managers and a click switches into one (GET
 * …/member-access-token). The list is fetched only once unfolded.
 */
export const ManagerSwitcher = ({ projectId }: { projectId: number }) => {
  const [shown, setShown] = useState(false);
  const membersQuery = useMembers(projectId, 'manager', shown);
  const switchMutation = useSwitchToMember(projectId);
  const titleId = useId();
  const listId = useId();
  const managers = membersQuery.data ?? [];

  return (
    <div className={styles.switcher} data-testid="manager-switcher">
      <div className={styles.switcherHead}>
        <span id={titleId} className={styles.switcherTitle}>
          Менеджеры
        </span>
        <button
          type="button"
          className={styles.switcherToggle}
          aria-expanded={shown}
          aria-controls={shown ? listId : undefined}
          onClick={() => setShown((v) => !v)}
        >
          {shown ? 'Скрыть' : 'Показать всех'}
        </button>
      </div>
      {shown && (
        <ul id={listId} className={styles.switcherList} aria-labelledby={titleId}>
          {membersQuery.isPending &&
            [0, 1].map((i) => (
              <li key={i} className={dropdownItemClass} aria-hidden="true">
                <Skeleton width={24} height={24} />
                <Skeleton width="70%" height={12} />
              </li>
            ))}
          {membersQuery.isSuccess && managers.length === 0 && (
            <li className={styles.switcherNote}>В проекте пока нет менеджеров.</li>
          )}
          {managers.map((manager) => (
            <li key={manager.id}>
              <button
                type="button"
                className={dropdownItemClass}
                disabled={switchMutation.isPending}
                aria-label={`Войти в аккаунт менеджера ${manager.name}`}
                title={`Войти в аккаунт менеджера ${manager.name}`}
                onClick={() => switchMutation.mutate(manager.id)}
              >
                <Avatar size="sm">{initials(manager.name)}</Avatar>
                <span className={styles.switcherName}>{manager.name}</span>
                <Icon name="login" size={16} className={styles.switcherIcon} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
};
