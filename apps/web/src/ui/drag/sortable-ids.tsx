import { closestCenter, DndContext, DragOverlay } from '@dnd-kit/core';
import { arrayMove, SortableContext, type SortingStrategy } from '@dnd-kit/sortable';
import { useState, type ReactNode } from 'react';
import { DRAG_OVERLAY_Z_INDEX, dragAnnouncements, dragInstructions, useSortableSensors } from './drag';

type SortableIdsProps = {
  /** The items' ids, in their order. */
  ids: number[];
  /** An item's name: what a screen reader hears while it moves. */
  nameOf: (id: number) => string;
  strategy: SortingStrategy;
  /** The new order, after a drag that moved something. */
  onReorder: (ids: number[]) => void;
  /** The picture under the pointer while the item `id` moves (nothing in it focusable). */
  overlay: (id: number) => ReactNode;
  children: ReactNode;
};

/**
 * One sortable list of ids (dnd-kit): pointer or keyboard (Space, the arrows 25 px a press,
 * Space), the announcements, the overlay above everything, and the new order when it changed.
 */
export const SortableIds = ({ ids, nameOf, strategy, onReorder, overlay, children }: SortableIdsProps) => {
  const sensors = useSortableSensors();
  const [activeId, setActiveId] = useState<number | null>(null);
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={({ active }) => setActiveId(Number(active.id))}
      onDragEnd={({ active, over }) => {
        setActiveId(null);
        if (!over || active.id === over.id) return;
        onReorder(arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
      }}
      onDragCancel={() => setActiveId(null)}
      accessibility={{
        announcements: dragAnnouncements((id) => nameOf(Number(id))),
        screenReaderInstructions: dragInstructions,
      }}
    >
      <SortableContext items={ids} strategy={strategy}>
        {children}
      </SortableContext>
      <DragOverlay zIndex={DRAG_OVERLAY_Z_INDEX}>{activeId === null ? null : overlay(activeId)}</DragOverlay>
    </DndContext>
  );
};
