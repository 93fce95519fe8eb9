import { Link } from 'react-router';
import { roleLabels } from '@crm/contract';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session-context';
import { Dropdown, DropdownItem, dropdownItemClass } from '@/ui/dropdown';
import { Icon } from '@/ui/icons';
import styles from './project-selector.module.css';
import { cx } from '@/ui/cx';

const initial = (name: string) => name.trim().charAt(0).toUpperCase() || '?';

/** The project selector of the sidebar (docs/product.md §2.3), placeholder 'Выберите проект'. */
export const ProjectSelector = ({ collapsed }: { collapsed: boolean }) => {
  const { projects, currentProject, selectProject } = useSession();
  const name = currentProject?.name;
  return (
    <Dropdown
      className={styles.root}
      triggerClassName={cx(styles.trigger, collapsed && styles.compact)}
      triggerLabel={collapsed ? `Проект: ${name ?? 'Выберите проект'}` : undefined}
      menuClassName={cx(styles.menu, collapsed && styles.menuCompact)}
      trigger={
        <>
          <span className={styles.badge} aria-hidden="true">
            {name ? initial(name) : <Icon name="folder" size={16} />}
          </span>
          {!collapsed && (
            <>
              <span className={name ? styles.name : styles.placeholder}>{name ?? 'Выберите проект'}</span>
              <Icon name="chevronDown" size={16} className={styles.chevron} />
            </>
          )}
        </>
      }
    >
      {(close) => (
        <>
          {(projects ?? []).map((project) => (
            <DropdownItem
              key={project.id}
              selected={project.id === currentProject?.id}
              onSelect={() => {
                selectProject(project.id);
                close();
              }}
            >
              <span className={styles.itemName}>{project.name}</span>
              <span className={styles.itemRole}>{roleLabels[project.role]}</span>
            </DropdownItem>
          ))}
          <Link to={paths.createProject} className={dropdownItemClass} onClick={close}>
            <Icon name="plus" size={16} />
            Новый проект
          </Link>
        </>
      )}
    </Dropdown>
  );
};
