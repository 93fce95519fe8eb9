import type { Ref } from 'react';
import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import styles from './drag-handle.module.css';

type DragHandleProps = {
  label: string;
  ref: Ref<HTMLButtonElement>;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
};

/** The grip a group or a field is dragged by, with the pointer or Space and the arrows. */
export const DragHandle = ({ label, ref, attributes, listeners }: DragHandleProps) => (
  <button
    ref={ref}
    type="button"
    className={styles.handle}
    {...attributes}
    {...listeners}
    aria-label={label}
    title={label}
  >
    <svg width={16} height={16} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      {[4, 8, 12].flatMap((y) => [6, 10].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r={1.3} fill="currentColor" />))}
    </svg>
  </button>
);
