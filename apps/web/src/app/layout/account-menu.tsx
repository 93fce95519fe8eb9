import { isAdminRole } from '@crm/contract';
import { ManagerSwitcher } from '@/features/team/components/manager-switcher';
import { Link } from 'react-router';
import { initials } from '@/lib/initials';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session-context';
import { appStorage } from '@/lib/storage';
import { Avatar } from '@/ui/avatar';
import { Dropdown, dropdownItemClass } from '@/ui/dropdown';
import { Icon } from '@/ui/icons';
import { Skeleton } from '@/ui/skeleton';
import styles from './header.module.css';

/** docs/product.md §2.3: the label under the name is 'Админ' for both admin roles. */
const roleCaption = (role: Parameters<typeof isAdminRole>[0]) =>
  role ? (isAdminRole(role) ? 'Админ' : 'Менеджер') : '';

/**
 * The account dropdown of the header. For the role admin only (not super_admin, docs/product.md §3.2) it
 * holds the manager list ('Менеджеры', 'Показать всех' / 'Скрыть') to switch into a manager
 * (while switched, the layout shows the impersonation banner under the header). 'Профиль' opens the
 * person's own page (his Telegram for notices).
 */
export const AccountMenu = () => {
  const { user, role, currentProject, projectId } = useSession();
  if (!user) {
    return (
      // The account's own box, so nothing moves when it comes: the name's bar hides with the name.
      <div className={styles.accountSkeleton} aria-hidden="true">
        <Skeleton width={36} height={36} />
        <span className={styles.accountText}>
          <Skeleton width={96} height={14} />
        </span>
      </div>
    );
  }
  const caption = roleCaption(role);
  const impersonating = appStorage.isImpersonating();
  return (
    <Dropdown
      align="end"
      triggerClassName={styles.account}
      menuClassName={styles.accountMenu}
      trigger={
        <>
          <Avatar>{initials(user.name)}</Avatar>
          {/* The name read out is the visible text after this prefix (WCAG 2.5.3). */}
          <span className="visually-hidden">Аккаунт: </span>
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
      {(close) => (
        <>
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
          <Link to={paths.profile} className={dropdownItemClass} onClick={close}>
            <Icon name="settings" size={16} />
            Профиль
          </Link>
          {role === 'admin' && projectId !== null && !impersonating && (
            <ManagerSwitcher projectId={projectId} />
          )}
        </>
      )}
    </Dropdown>
  );
};
