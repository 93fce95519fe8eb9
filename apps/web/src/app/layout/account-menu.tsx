import { isAdminRole } from '@crm/contract';
import { useSession } from '../../lib/session-context';
import { Dropdown } from '../../ui/dropdown';
import { Icon } from '../../ui/icons';
import { Skeleton } from '../../ui/skeleton';
import styles from './header.module.css';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('') || '?';

/** Spec §2: the label under the name is 'Админ' for both admin roles. */
const roleCaption = (role: Parameters<typeof isAdminRole>[0]) =>
  role ? (isAdminRole(role) ? 'Админ' : 'Менеджер') : '';

/**
 * The account dropdown of the header. Seam: the team issue adds, for role admin only, the
 * manager list ('Менеджеры', 'Показать всех' / 'Скрыть') and switching into a manager.
 */
export const AccountMenu = () => {
  const { user, role, currentProject } = useSession();
  if (!user) {
    return (
      <div className={styles.accountSkeleton} aria-hidden="true">
        <Skeleton width={36} height={36} />
        <Skeleton width={96} height={14} />
      </div>
    );
  }
  const caption = roleCaption(role);
  return (
    <Dropdown
      align="end"
      triggerClassName={styles.account}
      triggerLabel={`Аккаунт: ${user.name}${caption ? `, ${caption}` : ''}`}
      menuClassName={styles.accountMenu}
      trigger={
        <>
          <span className={styles.avatar} aria-hidden="true">
            {initials(user.name)}
          </span>
          <span className={styles.accountText}>
            <span className={styles.accountName} data-testid="account-name">
              {user.name}
            </span>
            {caption && (
              <span className={styles.accountRole} data-testid="account-role">
                {caption}
              </span>
            )}
          </span>
          <Icon name="chevronDown" size={16} className={styles.accountChevron} />
        </>
      }
    >
      {() => (
        <div className={styles.accountCard}>
          <span className={styles.accountName}>{user.name}</span>
          <span className={styles.accountEmail}>{user.email}</span>
          {currentProject && (
            <span className={styles.accountProject}>
              {currentProject.name}
              {caption ? ` · ${caption}` : ''}
            </span>
          )}
        </div>
      )}
    </Dropdown>
  );
};
