import type { Scenario } from '@crm/contract';
import { useAdminProjectId } from '@/lib/session-context';
import { Button } from '@/ui/button';
import { EmptyState, LoadError } from '@/ui/empty-state';
import { Icon } from '@/ui/icons';
import { PageHeader } from '@/ui/page-header';
import { Skeleton, Loading } from '@/ui/skeleton';
import { useChangeScenariosOrder } from '@/features/scenarios/api/change-scenarios-order';
import { useScenarioEvents } from '@/features/scenarios/api/get-scenario-events';
import { useScenarios } from '@/features/scenarios/api/get-scenarios';
import { ScenarioGroupGrid } from '@/features/scenarios/components/scenario-group-grid';
import {
  groupScenarios,
  type ScenarioField,
  type ScenarioGroup,
} from '@/features/scenarios/components/scenario-groups';
import { useScenarioModal } from '@/features/scenarios/components/scenario-modal';
import styles from '@/features/scenarios/components/scenarios.module.css';

const ScenariosSkeleton = () => (
  <Loading className={styles.sections} label="Загрузка сценариев" data-testid="scenarios-skeleton">
    <div className={styles.section}>
      <Skeleton width={260} height={20} />
      <Skeleton width={180} height={16} />
      <div className={styles.grid}>
        {[0, 1, 2].map((i) => (
          <div key={i} className={styles.card}>
            <Skeleton width="70%" height={16} />
            <Skeleton width="50%" height={12} />
            <Skeleton width="60%" height={14} />
            <Skeleton width="55%" height={14} />
            <Skeleton width="40%" height={14} />
            <Skeleton height={36} />
          </div>
        ))}
      </div>
    </div>
  </Loading>
);

/** A group's name for the add card and its heading: the category, or 'Поле: значение'. */
const groupName = (field: ScenarioField, group: ScenarioGroup) =>
  group.optionName === null ? `«${field.name}»` : `${field.name}: ${group.optionName}`;

/**
 * /auto-reminders (admins): the reminder scenarios, grouped by event type, then the category or
 * the select field, then the option; each group a drag-reorder grid with an add card (docs/product.md §4.10).
 */
export const AutoRemindersPage = () => {
  const projectId = useAdminProjectId();
  const scenariosQuery = useScenarios(projectId);
  const eventsQuery = useScenarioEvents(projectId);
  const openModal = useScenarioModal(projectId);
  const reorder = useChangeScenariosOrder(projectId ?? 0);

  const add = () => openModal('create');
  const actions = {
    onView: (scenario: Scenario) => openModal('view', { scenario }),
    onEdit: (scenario: Scenario) => openModal('edit', { scenario }),
  };

  const scenarios = scenariosQuery.data;
  const sections = scenarios ? groupScenarios(scenarios, eventsQuery.data) : [];

  let body;
  if (scenariosQuery.isError && !scenarios) {
    body = <LoadError text="Не удалось загрузить сценарии." onRetry={() => void scenariosQuery.refetch()} />;
  } else if (!scenarios || eventsQuery.isPending) {
    // The groups are named and ordered by the events' answer: drawn before it, they would move.
    body = <ScenariosSkeleton />;
  } else if (scenarios.length === 0) {
    body = (
      <EmptyState
        icon="autoReminder"
        text="Сценариев пока нет: добавьте первый — напоминание само появится у менеджера, когда клиент попадёт в категорию или получит нужное значение поля."
        action={
          <Button variant="secondary" onClick={add}>
            <Icon name="plus" size={18} />
            Добавить авто-напоминание
          </Button>
        }
      />
    );
  } else {
    body = (
      <div className={styles.sections}>
        <p className={styles.pageNote}>
          Сценарий создаёт напоминание менеджеру клиента, когда происходит его событие. Порядок сценариев в
          группе меняется перетаскиванием за ручку карточки.
        </p>
        {sections.map((section) => (
          <section
            key={section.eventType}
            className={styles.section}
            aria-labelledby={`section-${section.eventType}`}
            data-testid="scenario-section"
          >
            <h2 id={`section-${section.eventType}`} className={styles.sectionTitle}>
              {section.label}
            </h2>
            {section.fields.map((field) => (
              <div key={field.key} className={styles.field} data-testid="scenario-field">
                <h3 className={styles.fieldTitle}>
                  {field.color && (
                    <span
                      className={styles.dot}
                      style={{ background: `#${field.color}` }}
                      aria-hidden="true"
                    />
                  )}
                  {field.name}
                </h3>
                {field.groups.map((group) => (
                  <div
                    key={group.key}
                    className={styles.group}
                    data-testid="scenario-group"
                    data-group={groupName(field, group)}
                  >
                    {group.optionName !== null && <h4 className={styles.optionTitle}>{group.optionName}</h4>}
                    <ScenarioGroupGrid
                      scenarios={group.scenarios}
                      groupName={groupName(field, group)}
                      onReorder={(ids) => reorder.mutate(ids)}
                      onAdd={() => openModal('create', { preset: group.preset })}
                      {...actions}
                    />
                  </div>
                ))}
              </div>
            ))}
          </section>
        ))}
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title="Авто-напоминания"
        actions={
          <Button onClick={add} disabled={projectId === null}>
            <Icon name="plus" size={18} />
            Добавить авто-напоминание
          </Button>
        }
      />
      {body}
    </>
  );
};
