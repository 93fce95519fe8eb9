import {
  closestCenter,
  DndContext,
  DragOverlay,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useState } from 'react';
import type { Scenario } from '@crm/contract';
import { cx } from '@/ui/cx';
import {
  DRAG_OVERLAY_Z_INDEX,
  dragAnnouncements,
  dragInstructions,
  useSortableSensors,
} from '@/ui/drag/drag';
import { DragHandle } from '@/ui/drag/drag-handle';
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
  const sensors = useSortableSensors();
  const [activeId, setActiveId] = useState<number | null>(null);
  const nameOf = new Map(scenarios.map((s) => [s.id, s.title]));
  const name = (id: string | number) => nameOf.get(Number(id)) ?? '';
  const active = scenarios.find((s) => s.id === activeId);
  const draggable = scenarios.length > 1;

  const onDragStart = ({ active: started }: DragStartEvent) => setActiveId(Number(started.id));
  const onDragEnd = ({ active: moved, over }: DragEndEvent) => {
    setActiveId(null);
    if (!over || moved.id === over.id) return;
    const ids = scenarios.map((s) => s.id);
    onReorder(arrayMove(ids, ids.indexOf(Number(moved.id)), ids.indexOf(Number(over.id))));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActiveId(null)}
      accessibility={{ announcements: dragAnnouncements(name), screenReaderInstructions: dragInstructions }}
    >
      <SortableContext items={scenarios.map((s) => s.id)} strategy={rectSortingStrategy}>
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
      </SortableContext>
      <DragOverlay zIndex={DRAG_OVERLAY_Z_INDEX}>
        {active ? (
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
        ) : null}
      </DragOverlay>
    </DndContext>
  );
};
