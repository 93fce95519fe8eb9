import {
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type KeyboardCoordinateGetter,
  type ScreenReaderInstructions,
} from '@dnd-kit/core';

/** One arrow press moves the dragged item 25 px (docs/product.md §10.6), in every direction. */
const KEYBOARD_STEP = 25;

export const stepCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  switch (event.code) {
    case KeyboardCode.Right:
      return { ...currentCoordinates, x: currentCoordinates.x + KEYBOARD_STEP };
    case KeyboardCode.Left:
      return { ...currentCoordinates, x: currentCoordinates.x - KEYBOARD_STEP };
    case KeyboardCode.Down:
      return { ...currentCoordinates, y: currentCoordinates.y + KEYBOARD_STEP };
    case KeyboardCode.Up:
      return { ...currentCoordinates, y: currentCoordinates.y - KEYBOARD_STEP };
    default:
      return undefined;
  }
};

/** Above the page, the header and the sidebar while it follows the pointer. */
export const DRAG_OVERLAY_Z_INDEX = 999;

/** A pointer drag starts after 4 px, so a click on the handle stays a click. */
export const useSortableSensors = () =>
  useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: stepCoordinates }),
  );

export const dragInstructions: ScreenReaderInstructions = {
  draggable:
    'Чтобы перенести, нажмите пробел или Enter. Стрелки вверх и вниз двигают элемент, пробел или Enter — поставить, Escape — отменить.',
};

/** What a screen reader hears while an item moves; `nameOf` turns a sortable id into its name. */
export const dragAnnouncements = (nameOf: (id: string | number) => string): Announcements => ({
  onDragStart: ({ active }) => `Взят элемент «${nameOf(active.id)}».`,
  onDragOver: ({ active, over }) =>
    over ? `«${nameOf(active.id)}» над «${nameOf(over.id)}».` : `«${nameOf(active.id)}» вне списка.`,
  onDragEnd: ({ active, over }) =>
    over ? `«${nameOf(active.id)}» поставлен на место «${nameOf(over.id)}».` : `«${nameOf(active.id)}» поставлен.`,
  onDragCancel: ({ active }) => `Перенос «${nameOf(active.id)}» отменён.`,
});
