import { useId } from 'react';
import { Controller, type Control } from 'react-hook-form';
import inputStyles from '@/ui/input.module.css';
import { RichTextEditor, RichTextView } from '@/ui/rich-text';
import type { ScenarioFormOutput, ScenarioFormValues } from './scenario-form';
import styles from './scenarios.module.css';

type ScenarioHintFieldProps = {
  control: Control<ScenarioFormValues, unknown, ScenarioFormOutput>;
  readOnly: boolean;
};

/** 'Подсказка': what the manager is to do and say, in rich text; read-only in the view mode. */
export const ScenarioHintField = ({ control, readOnly }: ScenarioHintFieldProps) => {
  const labelId = useId();
  return (
    <Controller
      control={control}
      name="description"
      render={({ field, fieldState }) => (
        <div className={inputStyles.field}>
          <span id={labelId} className={inputStyles.label}>
            Подсказка
            {!readOnly && (
              <span className={inputStyles.required} aria-hidden="true">
                *
              </span>
            )}
          </span>
          {readOnly ? (
            <div className={styles.hintView} aria-labelledby={labelId} role="group">
              <RichTextView value={field.value} />
            </div>
          ) : (
            <RichTextEditor
              value={field.value}
              onChange={field.onChange}
              aria-labelledby={labelId}
              placeholder="Что менеджеру сделать и сказать"
              invalid={fieldState.error !== undefined}
            />
          )}
          {fieldState.error && (
            <span className={inputStyles.error} role="alert">
              {fieldState.error.message}
            </span>
          )}
        </div>
      )}
    />
  );
};
