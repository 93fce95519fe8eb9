import { rectSortingStrategy, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Scenario } from '@crm/contract';
import { cx } from '@/ui/cx';
import { DragHandle } from '@/ui/drag/drag-handle';
import { SortableIds } from '@/ui/drag/sortable-ids';
import { Icon } from '@/ui/icons';
import { ScenarioCardContent, type ScenarioCardActions } from './scenario-card';
import styles from './scenarios.module.css';

type SortableCardProps = ScenarioCardActions & { scenario: Scenario; draggable: boolean };

const SortableCard = ({ scenario, draggable, ...actions }: SortableCardProps) => {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: scenario.id,
    });
  return (
    <li
      ref={setNodeRef}
      className={cx(styles.card, isDragging && styles.dragging)}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-testid="scenario-card"
    >
      <ScenarioCardContent
        scenario={scenario}
        handle={
          draggable ? (
            <DragHandle
              label={`Переместить сценарий «${scenario.title}»`}
              ref={setActivatorNodeRef}
              attributes={attributes}
              listeners={listeners}
            />
          ) : null
        }
        {...actions}
      />
    </li>
  );
};

type ScenarioGroupGridProps = ScenarioCardActions & {
  scenarios: Scenario[];
  /** The group's name for the add card's label: '«Новый клиент»', 'Источник: Сайт'. */
  groupName: string;
  /** The group's ids in the new order, after a drag that moved something. */
  onReorder: (ids: number[]) => void;
  /** The 'add auto-reminder' card: the modal with this group's event preset. */
  onAdd: () => void;
};

/**
 * One group's scenarios in a grid, reordered by dragging a card's handle with the pointer, or
 * with Space, the arrows (25 px a press) and Space again; the add card closes the grid.
 */
export const ScenarioGroupGrid = ({
  scenarios,
  groupName,
  onReorder,
  onAdd,
  ...actions
}: ScenarioGroupGridProps) => {
  const byId = new Map(scenarios.map((s) => [s.id, s]));
  const draggable = scenarios.length > 1;

  return (
    <SortableIds
      ids={scenarios.map((s) => s.id)}
      nameOf={(id) => byId.get(id)?.title ?? ''}
      strategy={rectSortingStrategy}
      onReorder={onReorder}
      overlay={(id) => {
        const active = byId.get(id);
        return active ? (
          // A picture of the card under the pointer: nothing in it can be focused or pressed.
          <div className={cx(styles.card, styles.overlay)} inert>
            <ScenarioCardContent
              scenario={active}
              handle={
                <span className={styles.overlayHandle} aria-hidden="true">
                  <Icon name="grip" size={18} strokeWidth={3} />
                </span>
              }
              {...actions}
            />
          </div>
        ) : null;
      }}
    >
      <ol className={styles.grid} data-testid="scenario-grid">
        {scenarios.map((scenario) => (
          <SortableCard key={scenario.id} scenario={scenario} draggable={draggable} {...actions} />
        ))}
        <li className={styles.addItem}>
          <button
            type="button"
            className={styles.addCard}
            onClick={onAdd}
            aria-label={`Добавить авто-напоминание: ${groupName}`}
          >
            <span className={styles.addIcon} aria-hidden="true">
              <Icon name="plus" size={20} />
            </span>
            Добавить авто-напоминание
          </button>
        </li>
      </ol>
    </SortableIds>
  );
};
