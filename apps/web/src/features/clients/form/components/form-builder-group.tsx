import { closestCenter, DndContext, DragOverlay, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useState } from 'react';
import { DEFAULT_GROUP_TITLE, FORM_FIELDS_MAX, type FormFieldType } from '@crm/contract';
import { Button, IconButton } from '@/ui/button';
import { cx } from '@/ui/cx';
import { Icon } from '@/ui/icons';
import { Input } from '@/ui/input';
import inputStyles from '@/ui/input.module.css';
import { dragAnnouncements, dragInstructions, DRAG_OVERLAY_Z_INDEX, useSortableSensors } from '@/ui/drag/drag';
import { errorKey, FIELD_TYPES, fieldTypeLabel, type DraftGroup } from './form-builder-draft';
import { FieldEditor, type FieldActions } from './form-builder-field';
import { DragHandle } from '@/ui/drag/drag-handle';
import styles from './form-builder.module.css';

export type GroupActions = {
  setTitle: (title: string) => void;
  remove: () => void;
  addField: (type: FormFieldType) => void;
  moveField: (fromUid: string, toUid: string) => void;
  field: (fieldUid: string) => FieldActions;
};

type GroupEditorProps = {
  projectId: number;
  group: DraftGroup;
  index: number;
  errors: Readonly<Record<string, string>>;
  actions: GroupActions;
};

/** A group of the form in the builder: its title, its sortable fields and the buttons adding one. */
export const GroupEditor = ({ projectId, group, index, errors, actions }: GroupEditorProps) => {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: group.uid,
  });
  const sensors = useSortableSensors();
  const [dragged, setDragged] = useState<string | null>(null);
  const title = group.title.trim() || DEFAULT_GROUP_TITLE;
  const full = group.fields.length >= FORM_FIELDS_MAX;
  const fieldsError = errors[errorKey(group.uid, 'fields')] ?? errors[errorKey(group.uid, 'group')];
  const nameOf = (uid: string | number) => {
    const field = group.fields.find((f) => f.uid === uid);
    return field ? field.name.trim() || fieldTypeLabel(field.type) : '';
  };
  const draggedField = group.fields.find((f) => f.uid === dragged);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    if (over && active.id !== over.id) actions.moveField(String(active.id), String(over.id));
  };

  return (
    <section
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cx(styles.group, isDragging && styles.dragging)}
      aria-label={`Группа «${title}»`}
      data-testid="builder-group"
    >
      <div className={styles.groupHead}>
        <DragHandle
          label={`Перенести группу «${title}»`}
          ref={setActivatorNodeRef}
          attributes={attributes}
          listeners={listeners}
        />
        <Input
          label={`Заголовок группы ${index + 1}`}
          className={styles.groupTitle}
          value={group.title}
          placeholder={DEFAULT_GROUP_TITLE}
          error={errors[errorKey(group.uid, 'title')]}
          onChange={(event) => actions.setTitle(event.target.value)}
        />
        <IconButton label={`Удалить группу «${title}»`} destructive onClick={actions.remove} className={styles.groupRemove}>
          <Icon name="trash" size={18} />
        </IconButton>
      </div>

      {group.fields.length === 0 ? (
        <p className={styles.emptyGroup}>В группе пока нет полей. Добавьте первое кнопками ниже.</p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragStart={({ active }) => setDragged(String(active.id))}
          onDragCancel={() => setDragged(null)}
          onDragEnd={onDragEnd}
          accessibility={{ announcements: dragAnnouncements(nameOf), screenReaderInstructions: dragInstructions }}
        >
          <SortableContext items={group.fields.map((f) => f.uid)} strategy={verticalListSortingStrategy}>
            <ol className={styles.fields}>
              {group.fields.map((field) => (
                <FieldEditor
                  key={field.uid}
                  projectId={projectId}
                  field={field}
                  errors={errors}
                  actions={actions.field(field.uid)}
                />
              ))}
            </ol>
          </SortableContext>
          <DragOverlay zIndex={DRAG_OVERLAY_Z_INDEX}>
            {draggedField ? (
              <div className={styles.overlay}>
                <span className={styles.typeBadge}>{fieldTypeLabel(draggedField.type)}</span>
                {nameOf(draggedField.uid)}
              </div>
            ) : null}
          </DragOverlay>
        </DndContext>
      )}
      {fieldsError && (
        <span className={inputStyles.error} role="alert">
          {fieldsError}
        </span>
      )}

      <div className={styles.addField} role="group" aria-label={`Добавить поле в группу «${title}»`}>
        <span className={styles.addFieldLabel} aria-hidden="true">
          Добавить поле:
        </span>
        {FIELD_TYPES.map(({ type, label }) => (
          <Button
            key={type}
            variant="secondary"
            className={styles.addFieldButton}
            onClick={() => actions.addField(type)}
            disabled={full}
          >
            <Icon name="plus" size={16} />
            {label}
          </Button>
        ))}
      </div>
    </section>
  );
};
