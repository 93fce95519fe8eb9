import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import inputStyles from './input.module.css';
import styles from './select.module.css';
import { cx } from './cx';

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  /** Visible label above the box; with `hideLabel` it is read by screen readers only. */
  label: string;
  hideLabel?: boolean;
  error?: string;
  hint?: string;
  /** A first, empty option ('Выберите…') shown while nothing is chosen. */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
  children: ReactNode;
};

/** A labelled native select in the look of Input (docs/product.md §10.3); native for the keyboard. */
export const Select = ({
  label,
  hideLabel = false,
  error,
  hint,
  placeholder,
  required,
  id,
  className,
  ref,
  children,
  ...rest
}: SelectProps) => {
  const autoId = useId();
  const selectId = id ?? autoId;
  const errorId = `${selectId}-error`;
  const hintId = `${selectId}-hint`;
  const describedBy = cx(error && errorId, hint && !error && hintId);
  return (
    <div className={cx(inputStyles.field, className)}>
      <label htmlFor={selectId} className={hideLabel ? 'visually-hidden' : inputStyles.label}>
        {label}
        {required && !hideLabel && (
          <span className={inputStyles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      <span className={styles.box}>
        <select
          ref={ref}
          id={selectId}
          className={cx(inputStyles.input, styles.select, error && inputStyles.invalid)}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy || undefined}
          {...rest}
        >
          {placeholder !== undefined && (
            <option value="">
              {placeholder}
            </option>
          )}
          {children}
        </select>
        <svg className={styles.chevron} width={16} height={16} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      {hint && !error && (
        <span id={hintId} className={inputStyles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className={inputStyles.error} role="alert">
          {error}
        </span>
      )}
    </div>
  );
};
