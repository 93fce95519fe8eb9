import { closestCenter, DndContext, DragOverlay, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useMemo, useState } from 'react';
import { toast } from 'react-toastify';
import { DEFAULT_GROUP_TITLE, FORM_GROUPS_MAX, type Clue, type FormGroup } from '@crm/contract';
import { isApiError } from '@/lib/api-error';
import { Button } from '@/ui/button';
import { Icon } from '@/ui/icons';
import { useConfirm } from '@/ui/modal';
import { PageHeader } from '@/ui/page-header';
import inputStyles from '@/ui/input.module.css';
import { useSaveForm } from '@/features/clients/form/api/save-form';
import {
  dragAnnouncements,
  dragInstructions,
  DRAG_OVERLAY_Z_INDEX,
  useSortableSensors,
} from '@/ui/drag/drag';
import {
  checkDraft,
  draftFromGroups,
  draftSignature,
  draftToBody,
  draftToPreview,
  errorKey,
  FORM_ERROR,
  newField,
  newGroup,
  newOption,
  pinErrors,
  type DraftField,
  type DraftGroup,
} from './form-builder-draft';
import type { FieldActions } from './form-builder-field';
import { GroupEditor, type GroupActions } from './form-builder-group';
import { FormPreview } from './form-builder-preview';
import { useLeaveGuard } from './form-builder-leave-guard';
import styles from './form-builder.module.css';

export const FORM_CREATED = 'Форма создана!';
export const FORM_SAVED = 'Форма сохранена!';

/** The working copy a builder opens with: the saved form, or one empty group to start a new one. */
const initialDraft = (saved: readonly FormGroup[]) =>
  saved.length > 0 ? draftFromGroups(saved) : [newGroup()];

type Errors = Record<string, string>;
const without = (errors: Errors, ...keys: string[]): Errors => {
  if (!keys.some((k) => k in errors)) return errors;
  const next = { ...errors };
  for (const key of keys) delete next[key];
  return next;
};

/** Focuses the first input marked invalid, so a refused save shows where to look. */
const focusFirstInvalid = () =>
  requestAnimationFrame(() =>
    document.querySelector<HTMLElement>('[data-form-builder] [aria-invalid="true"]')?.focus(),
  );

type FormBuilderProps = { projectId: number; saved: FormGroup[] };

/**
 * /client_form: the client form builder (docs/product.md §4.7). Everything is a working copy
 * until 'Создать форму' / 'Сохранить' sends it whole (PUT /form); a refusal keeps every input
 * and shows each error under its own. Beside it, the live preview.
 */
export const FormBuilder = ({ projectId, saved }: FormBuilderProps) => {
  const [groups, setGroups] = useState<DraftGroup[]>(() => initialDraft(saved));
  const [baseline, setBaseline] = useState(() => draftSignature(groups));
  const [errors, setErrors] = useState<Errors>({});
  const [dragged, setDragged] = useState<string | null>(null);
  const creating = saved.length === 0;
  const saveMutation = useSaveForm(projectId, creating);
  const confirm = useConfirm();
  const sensors = useSortableSensors();
  const changed = draftSignature(groups) !== baseline;
  useLeaveGuard(changed && !saveMutation.isPending);
  const preview = useMemo(() => draftToPreview(groups), [groups]);

  const mapGroup = (uid: string, change: (group: DraftGroup) => DraftGroup) =>
    setGroups((all) => all.map((g) => (g.uid === uid ? change(g) : g)));
  const mapField = (groupUid: string, fieldUid: string, change: (field: DraftField) => DraftField) =>
    mapGroup(groupUid, (g) => ({ ...g, fields: g.fields.map((f) => (f.uid === fieldUid ? change(f) : f)) }));
  const clear = (...keys: string[]) => setErrors((e) => without(e, ...keys));

  const fieldActions = (groupUid: string, fieldUid: string): FieldActions => ({
    update: (patch, input) => {
      mapField(groupUid, fieldUid, (f) => ({ ...f, ...patch }));
      clear(errorKey(fieldUid, input));
    },
    remove: () => {
      const field = groups.find((g) => g.uid === groupUid)?.fields.find((f) => f.uid === fieldUid);
      const drop = () =>
        mapGroup(groupUid, (g) => ({ ...g, fields: g.fields.filter((f) => f.uid !== fieldUid) }));
      // A saved field takes every client's value with it; a new one loses only what was typed.
      if (field?.id === undefined) return drop();
      void confirm({
        message: `Удалить поле «${field.name.trim() || 'без названия'}»?`,
        hint: 'После сохранения формы значения этого поля у всех клиентов будут удалены.',
      }).then((agreed) => agreed && drop());
    },
    addOption: (name) => {
      mapField(groupUid, fieldUid, (f) => ({ ...f, options: [...f.options, newOption(name)] }));
      clear(errorKey(fieldUid, 'options'));
    },
    renameOption: (optionUid, name) => {
      mapField(groupUid, fieldUid, (f) => ({
        ...f,
        options: f.options.map((o) => (o.uid === optionUid ? { ...o, name } : o)),
      }));
      clear(errorKey(optionUid, 'name'));
    },
    removeOption: (optionUid) =>
      mapField(groupUid, fieldUid, (f) => ({ ...f, options: f.options.filter((o) => o.uid !== optionUid) })),
    setOptionClue: (optionUid, clue: Clue | null) =>
      mapField(groupUid, fieldUid, (f) => ({
        ...f,
        options: f.options.map((o) => (o.uid === optionUid ? { ...o, clue } : o)),
      })),
  });

  const groupActions = (group: DraftGroup): GroupActions => ({
    setTitle: (title) => {
      mapGroup(group.uid, (g) => ({ ...g, title }));
      clear(errorKey(group.uid, 'title'));
    },
    remove: () => {
      const drop = () => setGroups((all) => all.filter((g) => g.uid !== group.uid));
      if (group.id === undefined && group.fields.every((f) => f.id === undefined)) return drop();
      void confirm({
        message: `Удалить группу «${group.title.trim() || DEFAULT_GROUP_TITLE}»?`,
        hint: 'После сохранения формы поля группы и их значения у всех клиентов будут удалены.',
      }).then((agreed) => agreed && drop());
    },
    addField: (type) => {
      // Appended: its order is the count of fields before it (docs/product.md §4.7).
      mapGroup(group.uid, (g) => ({ ...g, fields: [...g.fields, newField(type)] }));
      clear(errorKey(group.uid, 'fields'));
    },
    moveField: (fromUid, toUid) =>
      mapGroup(group.uid, (g) => {
        const from = g.fields.findIndex((f) => f.uid === fromUid);
        const to = g.fields.findIndex((f) => f.uid === toUid);
        return from < 0 || to < 0 ? g : { ...g, fields: arrayMove(g.fields, from, to) };
      }),
    field: (fieldUid) => fieldActions(group.uid, fieldUid),
  });

  const addGroup = () => {
    setGroups((all) => [...all, newGroup()]);
    clear(FORM_ERROR);
  };

  const onGroupDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    if (!over || active.id === over.id) return;
    setGroups((all) => {
      const from = all.findIndex((g) => g.uid === active.id);
      const to = all.findIndex((g) => g.uid === over.id);
      return from < 0 || to < 0 ? all : arrayMove(all, from, to);
    });
  };
  const groupName = (uid: string | number) => {
    const group = groups.find((g) => g.uid === uid);
    return group ? group.title.trim() || DEFAULT_GROUP_TITLE : '';
  };

  const save = async () => {
    const sent = groups;
    const refused = checkDraft(sent);
    if (Object.keys(refused).length > 0) {
      setErrors(refused);
      focusFirstInvalid();
      return;
    }
    setErrors({});
    try {
      const answer = await saveMutation.mutateAsync(draftToBody(sent));
      const next = initialDraft(answer);
      setGroups(next);
      setBaseline(draftSignature(next));
      toast.success(creating ? FORM_CREATED : FORM_SAVED);
    } catch (error) {
      // The toast came from the mutation; the inputs keep what was typed.
      if (isApiError(error) && error.status === 422) {
        setErrors(pinErrors(sent, error.errors));
        focusFirstInvalid();
      }
    }
  };

  const saveButton = (
    <Button onClick={() => void save()} loading={saveMutation.isPending} disabled={!creating && !changed}>
      <Icon name="check" size={18} />
      {creating ? 'Создать форму' : 'Сохранить'}
    </Button>
  );

  return (
    <>
      <PageHeader title="Форма клиента" actions={saveButton} />
      <p className={styles.status} role="status">
        {creating
          ? 'Формы ещё нет: соберите группы и поля и нажмите «Создать форму».'
          : changed
            ? 'Есть несохранённые изменения.'
            : 'Все изменения сохранены.'}
      </p>
      {errors[FORM_ERROR] && (
        <p className={inputStyles.error} role="alert">
          {errors[FORM_ERROR]}
        </p>
      )}
      <div className={styles.layout} data-form-builder="">
        <div className={styles.builder}>
          {groups.length === 0 ? (
            <p className={styles.emptyForm}>В форме нет групп. Добавьте группу, чтобы добавить поля.</p>
          ) : (
            <DndContext
              sensors={sensors}
              collisionDetection={closestCenter}
              onDragStart={({ active }) => setDragged(String(active.id))}
              onDragCancel={() => setDragged(null)}
              onDragEnd={onGroupDragEnd}
              accessibility={{
                announcements: dragAnnouncements(groupName),
                screenReaderInstructions: dragInstructions,
              }}
            >
              <SortableContext items={groups.map((g) => g.uid)} strategy={verticalListSortingStrategy}>
                <div className={styles.groups}>
                  {groups.map((group, index) => (
                    <GroupEditor
                      key={group.uid}
                      projectId={projectId}
                      group={group}
                      index={index}
                      errors={errors}
                      actions={groupActions(group)}
                    />
                  ))}
                </div>
              </SortableContext>
              <DragOverlay zIndex={DRAG_OVERLAY_Z_INDEX}>
                {dragged ? <div className={styles.overlay}>{groupName(dragged)}</div> : null}
              </DragOverlay>
            </DndContext>
          )}
          <Button
            variant="secondary"
            onClick={addGroup}
            disabled={groups.length >= FORM_GROUPS_MAX}
            className={styles.addGroup}
          >
            <Icon name="plus" size={18} />
            Добавить группу
          </Button>
        </div>
        <FormPreview groups={preview} />
      </div>
    </>
  );
};
