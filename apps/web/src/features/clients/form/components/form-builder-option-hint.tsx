import { useId } from 'react';
import type { Clue } from '@crm/contract';
import { Button, IconButton } from '@/ui/button';
import { Icon } from '@/ui/icons';
import { useConfirm } from '@/ui/modal';
import { useHintModals } from '@/ui/rich-text';
import { Tooltip } from '@/ui/tooltip';
import { useCreateFormOptionClue } from '@/features/clients/form/api/create-form-option-clue';
import { useDeleteFormOptionClue } from '@/features/clients/form/api/delete-form-option-clue';
import { useUpdateFormOptionClue } from '@/features/clients/form/api/update-form-option-clue';
import type { DraftOption } from './form-builder-draft';
import styles from './form-builder.module.css';

export const HINT_AFTER_SAVE = 'Подсказку можно добавить после сохранения формы';

type OptionHintProps = {
  projectId: number;
  option: DraftOption;
  onClue: (clue: Clue | null) => void;
};

/**
 * An option's hint (a clue of type form_field_option): added, read, edited and deleted at once,
 * apart from the form's save, so only for an option the server already has (docs/product.md §4.7).
 */
export const OptionHint = ({ projectId, option, onClue }: OptionHintProps) => {
  const hints = useHintModals();
  const confirm = useConfirm();
  const createClue = useCreateFormOptionClue(projectId);
  const updateClue = useUpdateFormOptionClue(projectId);
  const deleteClue = useDeleteFormOptionClue(projectId);
  const name = option.name.trim();
  const reasonId = useId();

  if (option.id === undefined) {
    return (
      <Tooltip label={HINT_AFTER_SAVE}>
        {/* aria-disabled, not disabled: it stays focusable, so the keyboard reaches the reason too. */}
        <Button
          variant="ghost"
          className={styles.hintButton}
          aria-disabled="true"
          aria-describedby={reasonId}
        >
          <Icon name="plus" size={16} />
          <span className={styles.hintText}>Добавить подсказку</span>
        </Button>
        <span id={reasonId} hidden>
          {HINT_AFTER_SAVE}
        </span>
      </Tooltip>
    );
  }
  const optionId = option.id;
  const clue = option.clue;

  const edit = () =>
    hints.editHint({
      title: clue ? `Подсказка к варианту «${name}»` : `Новая подсказка к варианту «${name}»`,
      value: clue?.clue ?? '',
      onSave: async (value) => {
        const saved = clue
          ? await updateClue.mutateAsync({ optionId, clueId: clue.id, clue: value })
          : await createClue.mutateAsync({ optionId, clue: value });
        onClue(saved);
      },
    });

  if (!clue) {
    return (
      <Button
        variant="ghost"
        className={styles.hintButton}
        onClick={edit}
        aria-label={`Добавить подсказку к варианту «${name}»`}
      >
        <Icon name="plus" size={16} />
        <span className={styles.hintText}>Добавить подсказку</span>
      </Button>
    );
  }

  const remove = () =>
    void confirm({
      message: `Удалить подсказку к варианту «${name}»?`,
      onAgree: async () => {
        await deleteClue.mutateAsync({ optionId, clueId: clue.id });
        onClue(null);
      },
    });

  return (
    <span className={styles.hintActions}>
      <Button
        variant="ghost"
        className={styles.hintButton}
        aria-label={`Подсказка к варианту «${name}»`}
        onClick={() =>
          hints.readHint({ title: `Подсказка к варианту «${name}»`, value: clue.clue, onEdit: edit })
        }
      >
        <Icon name="help" size={16} />
        <span className={styles.hintText}>Подсказка</span>
      </Button>
      <IconButton label={`Изменить подсказку к варианту «${name}»`} onClick={edit}>
        <Icon name="edit" size={16} />
      </IconButton>
      {/* A cross, not the bin: the bin beside it deletes the option itself. */}
      <IconButton label={`Удалить подсказку к варианту «${name}»`} destructive onClick={remove}>
        <Icon name="close" size={16} />
      </IconButton>
    </span>
  );
};
