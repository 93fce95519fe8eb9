import { Button } from '@/ui/button';
import { Icon } from '@/ui/icons';
import { useConfirm } from '@/ui/modal';
import { RichTextView, useHintModals } from '@/ui/rich-text';
import { useCreateCategoryClue } from '@/features/clients/categories/api/create-category-clue';
import { useDeleteCategoryClue } from '@/features/clients/categories/api/delete-category-clue';
import { useUpdateCategoryClue } from '@/features/clients/categories/api/update-category-clue';
import styles from './category-settings.module.css';

/** The hint as the modal holds it: `id` null while it exists only here (a category not yet saved). */
export type DraftClue = { id: number | null; text: string };

type CategoryHintFieldProps = {
  projectId: number;
  /** The saved category, or null while it is being created. */
  categoryId: number | null;
  categoryName: string;
  clue: DraftClue | null;
  onChange: (clue: DraftClue | null) => void;
};

/**
 * Add, view, edit and delete a category's hint (docs/product.md §4.6): on a saved category each change is
 * sent at once (created, or updated when it has an id); on a new one it is kept here and created
 * after the category. Deleting asks first.
 */
export const CategoryHintField = ({
  projectId,
  categoryId,
  categoryName,
  clue,
  onChange,
}: CategoryHintFieldProps) => {
  const { editHint, readHint } = useHintModals();
  const confirm = useConfirm();
  const createClue = useCreateCategoryClue(projectId);
  const updateClue = useUpdateCategoryClue(projectId);
  const deleteClue = useDeleteCategoryClue(projectId);
  const hasText = clue !== null && clue.text !== '';
  const title = categoryName.trim() ? `Подсказка категории «${categoryName.trim()}»` : 'Подсказка категории';

  const save = async (text: string) => {
    if (categoryId === null) return onChange({ id: null, text });
    if (clue?.id != null) {
      const saved = await updateClue.mutateAsync({ clueId: clue.id, clue: text });
      return onChange({ id: saved.id, text: saved.clue });
    }
    // Nothing to create for a blank hint.
    if (text === '') return onChange(null);
    const created = await createClue.mutateAsync({ categoryId, clue: text });
    onChange({ id: created.id, text: created.clue });
  };

  const edit = () => editHint({ title, value: clue?.text ?? '', onSave: save });
  const view = () => readHint({ title, value: clue?.text ?? '', onEdit: edit });
  const remove = () =>
    void confirm({
      message: 'Удалить подсказку?',
      hint: categoryId === null ? undefined : 'Менеджеры перестанут видеть её у клиентов этой категории.',
      onAgree: async () => {
        if (clue?.id != null) await deleteClue.mutateAsync(clue.id);
        onChange(null);
      },
    });

  return (
    <div className={styles.hintField} role="group" aria-labelledby="category-hint-label">
      <span id="category-hint-label" className={styles.fieldLabel}>
        Подсказка
      </span>
      {hasText ? (
        <div className={styles.hintBox}>
          <RichTextView value={clue.text} className={styles.hintPreview} />
          <div className={styles.hintActions}>
            <Button variant="ghost" onClick={view}>
              <Icon name="knowledge" size={18} />
              Посмотреть
            </Button>
            <Button variant="ghost" onClick={edit}>
              <Icon name="edit" size={18} />
              Редактировать
            </Button>
            <Button variant="ghost" onClick={remove} className={styles.dangerText}>
              <Icon name="trash" size={18} />
              Удалить
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="secondary" onClick={edit} className={styles.addHint}>
          <Icon name="plus" size={18} />
          Добавить подсказку
        </Button>
      )}
      <span className={styles.note}>
        {categoryId === null
          ? 'Подсказка сохранится вместе с категорией.'
          : 'Изменения подсказки сохраняются сразу.'}
      </span>
    </div>
  );
};
