import { useId, type TextareaHTMLAttributes } from 'react';
import { cx } from './cx';
import inputStyles from './input.module.css';

type TextareaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'maxLength'> & {
  label: string;
  error?: string;
  hint?: string;
  /** A counter ('37 / 4000'), red past it; the text is never cut (validation refuses it). */
  limit?: number;
};

/** A labelled textarea in the look of Input: label above, hint or error and the counter under it. */
export const TextareaField = ({
  label,
  error,
  hint,
  limit,
  required,
  id,
  className,
  ...rest
}: TextareaFieldProps) => {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const length = String(rest.value ?? '').length;
  const over = limit !== undefined && length > limit;
  const describedBy = cx(error && `${fieldId}-error`, hint && !error && `${fieldId}-hint`);
  return (
    <div className={cx(inputStyles.field, className)}>
      <label htmlFor={fieldId} className={inputStyles.label}>
        {label}
        {required && (
          <span className={inputStyles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      <textarea
        id={fieldId}
        className={cx(inputStyles.input, inputStyles.textarea, error && inputStyles.invalid)}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy || undefined}
        {...rest}
      />
      {(hint || error || limit !== undefined) && (
        <div className={inputStyles.below}>
          {hint && !error && (
            <span id={`${fieldId}-hint`} className={inputStyles.hint}>
              {hint}
            </span>
          )}
          {error && (
            <span id={`${fieldId}-error`} className={inputStyles.error} role="alert">
              {error}
            </span>
          )}
          {limit !== undefined && (
            <span className={cx(inputStyles.counter, over && inputStyles.counterOver)}>
              <span className="visually-hidden">Символов: </span>
              {length} / {limit}
            </span>
          )}
        </div>
      )}
    </div>
  );
};
