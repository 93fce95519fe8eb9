import { useId } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { formFieldSizes, type Clue } from '@crm/contract';
import { IconButton } from '@/ui/button';
import { cx } from '@/ui/cx';
import { Icon } from '@/ui/icons';
import { Input } from '@/ui/input';
import inputStyles from '@/ui/input.module.css';
import { errorKey, fieldTypeLabel, type DraftField } from './form-builder-draft';
import { OptionsEditor } from './form-builder-options';
import { DragHandle } from '@/ui/drag/drag-handle';
import formStyles from '@/ui/form.module.css';
import styles from './form-builder.module.css';

export type FieldActions = {
  update: (patch: Partial<DraftField>, input: string) => void;
  remove: () => void;
  addOption: (name: string) => void;
  renameOption: (optionUid: string, name: string) => void;
  removeOption: (optionUid: string) => void;
  setOptionClue: (optionUid: string, clue: Clue | null) => void;
};

type FieldEditorProps = {
  projectId: number;
  field: DraftField;
  errors: Readonly<Record<string, string>>;
  actions: FieldActions;
};

/** One field of a group in the builder: a sortable card with its settings (docs/product.md §4.7). */
export const FieldEditor = ({ projectId, field, errors, actions }: FieldEditorProps) => {
  const id = useId();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: field.uid,
  });
  const error = (input: string) => errors[errorKey(field.uid, input)];
  const title = field.name.trim() || fieldTypeLabel(field.type);
  const widthError = error('size_percentage');
  const searchError = error('is_searchable');

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cx(styles.field, isDragging && styles.dragging)}
      data-testid="builder-field"
      aria-label={`Поле «${title}»`}
    >
      <div className={styles.fieldHead}>
        <DragHandle
          label={`Перенести поле «${title}»`}
          ref={setActivatorNodeRef}
          attributes={attributes}
          listeners={listeners}
        />
        <span className={styles.typeBadge}>{fieldTypeLabel(field.type)}</span>
        <IconButton label={`Удалить поле «${title}»`} destructive onClick={actions.remove} className={styles.headEnd}>
          <Icon name="trash" size={18} />
        </IconButton>
      </div>
      {error('field') && (
        <span className={inputStyles.error} role="alert">
          {error('field')}
        </span>
      )}
      <div className={styles.fieldGrid}>
        <Input
          label="Название"
          required
          value={field.name}
          error={error('name')}
          onChange={(event) => actions.update({ name: event.target.value }, 'name')}
        />
        <Input
          label="Подсказка в поле"
          value={field.placeholder}
          placeholder="Текст до ввода значения"
          error={error('placeholder')}
          onChange={(event) => actions.update({ placeholder: event.target.value }, 'placeholder')}
        />
      </div>
      <div className={styles.fieldSettings}>
        <fieldset className={styles.sizes} aria-describedby={widthError ? `${id}-size-error` : undefined}>
          <legend className={inputStyles.label}>Ширина</legend>
          <div className={styles.segmented}>
            {formFieldSizes.map((size) => (
              <label key={size} className={styles.segment}>
                <input
                  type="radio"
                  name={`${id}-size`}
                  value={size}
                  checked={field.size_percentage === size}
                  onChange={() => actions.update({ size_percentage: size }, 'size_percentage')}
                />
                <span>{size}%</span>
              </label>
            ))}
          </div>
          {widthError && (
            <span id={`${id}-size-error`} className={inputStyles.error} role="alert">
              {widthError}
            </span>
          )}
        </fieldset>
        <div className={styles.checks}>
          <label className={formStyles.check}>
            <input
              type="checkbox"
              checked={field.required}
              onChange={(event) => actions.update({ required: event.target.checked }, 'required')}
            />
            Обязательное
          </label>
          {field.type === 'select' && (
            <label className={formStyles.check}>
              <input
                type="checkbox"
                checked={field.is_searchable}
                aria-describedby={`${id}-search-note`}
                onChange={(event) => actions.update({ is_searchable: event.target.checked }, 'is_searchable')}
              />
              Поиск по полю
            </label>
          )}
          {field.type === 'select' && (
            <span id={`${id}-search-note`} className={styles.note}>
              Поле станет фильтром в поиске клиентов
            </span>
          )}
          {searchError && (
            <span className={inputStyles.error} role="alert">
              {searchError}
            </span>
          )}
        </div>
      </div>
      {field.type === 'select' && (
        <OptionsEditor
          projectId={projectId}
          field={field}
          errors={errors}
          onAdd={actions.addOption}
          onRename={actions.renameOption}
          onRemove={actions.removeOption}
          onClue={actions.setOptionClue}
        />
      )}
    </li>
  );
};
