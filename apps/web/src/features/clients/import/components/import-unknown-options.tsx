import { useState } from 'react';
import { toast } from 'react-toastify';
import type { ClientImport, ImportUnknownOption } from '@crm/contract';
import { errorToastMessage } from '@/lib/api-error';
import { Card, CardHead, CardTitle } from '@/ui/card';
import { UPDATE_FAILED, useUpdateImport } from '../api/update-import';
import { rowsText } from './import-status';
import styles from './import.module.css';

type Choice = 'skip' | 'add';

const CHOICES: { choice: Choice; name: string }[] = [
  { choice: 'skip', name: 'Пропустить значение' },
  { choice: 'add', name: 'Добавить вариант' },
];

const keyOf = (option: Pick<ImportUnknownOption, 'field_id' | 'value'>) =>
  `${option.field_id}\u0000${option.value}`;

/** 'Нет такого варианта в поле «Источник»: «Выставкa» — 3 строки'. */
export const unknownOptionText = (option: ImportUnknownOption) =>
  `Нет такого варианта в поле «${option.field_name}»: «${option.value}» — ${rowsText(option.rows)}`;

/**
 * The values of select columns that are none of their field's options: each skipped (the row is
 * imported without it) or added as an option. Until chosen, those rows are errors.
 */
type ImportUnknownOptionsProps = {
  projectId: number;
  item: ClientImport;
  /** A choice was saved (the import asks for a new check). */
  onChoice?: () => void;
};

export const ImportUnknownOptions = ({ projectId, item, onChoice }: ImportUnknownOptionsProps) => {
  const update = useUpdateImport(projectId, item.id);
  // A choice shows at once; the answer confirms it, a refusal takes it back.
  const [picked, setPicked] = useState<ReadonlyMap<string, Choice>>(new Map());
  const choose = async (option: ImportUnknownOption, choice: Choice) => {
    const key = keyOf(option);
    setPicked((now) => new Map(now).set(key, choice));
    try {
      await update.mutateAsync({
        option_choices: [{ field_id: option.field_id, value: option.value, choice }],
      });
      onChoice?.();
    } catch (error) {
      toast.error(errorToastMessage(error, UPDATE_FAILED));
    } finally {
      setPicked((now) => {
        const next = new Map(now);
        next.delete(key);
        return next;
      });
    }
  };
  const open = item.unknown_options.filter((o) => (picked.get(keyOf(o)) ?? o.choice) === null).length;

  return (
    <Card aria-labelledby="import-unknown-title">
      <CardHead
        text={
          open > 0
            ? 'Пока значение не выбрано, его строки — ошибки. Выбор учтётся при следующей проверке.'
            : 'Выбор учтётся при следующей проверке.'
        }
      >
        <CardTitle id="import-unknown-title" count={item.unknown_options.length}>
          Новые значения выпадающих списков
        </CardTitle>
      </CardHead>
      <ul className={styles.unknown}>
        {item.unknown_options.map((option, index) => {
          const key = keyOf(option);
          const current = picked.get(key) ?? option.choice;
          const text = unknownOptionText(option);
          return (
            <li
              key={key}
              className={styles.unknownItem}
              data-open={current === null}
              data-testid="import-unknown-option"
            >
              <fieldset className={styles.choices}>
                <legend className={styles.unknownText}>{text}</legend>
                <div className={styles.choicesRow}>
                  {CHOICES.map(({ choice, name }) => (
                    <label key={choice} className={styles.choice}>
                      <input
                        type="radio"
                        name={`import-${item.id}-unknown-${index}`}
                        value={choice}
                        checked={current === choice}
                        onChange={() => void choose(option, choice)}
                      />
                      <span className={styles.choiceName}>{name}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
            </li>
          );
        })}
      </ul>
    </Card>
  );
};
