import { useCallback, useId, useState, type InputHTMLAttributes, type Ref } from 'react';
import styles from './input.module.css';
import { cx } from './cx';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'maxLength'> & {
  label: string;
  error?: string;
  hint?: string;
  /**
   * The most characters the value may have: a counter ('37 / 100') shows it, red past it. The
   * field never cuts a longer value (maxLength would silently cut a paste); validation refuses it.
   */
  limit?: number;
  /** Only for digit-only number boxes, where nothing typed can be lost by a cut. */
  digitsMaxLength?: number;
  ref?: Ref<HTMLInputElement>;
};

const assignRef = <T,>(ref: Ref<T> | undefined, value: T | null) => {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
};

/**
 * The length of an input's value: typing is followed through onChange; a value set from code
 * (react-hook-form's defaults, resets) is read when the element gets its ref, which
 * react-hook-form hands over afresh on each render of the form.
 */
const useValueLength = (ref: Ref<HTMLInputElement> | undefined) => {
  const [length, setLength] = useState(0);
  const setRef = useCallback(
    (node: HTMLInputElement | null) => {
      assignRef(ref, node);
      if (node) setLength(node.value.length);
    },
    [ref],
  );
  return { length, setLength, setRef };
};

/** A labelled input: label above, error under it in red, required marked '*' (docs/product.md §10.3). */
export const Input = ({
  label,
  error,
  hint,
  limit,
  digitsMaxLength,
  required,
  id,
  className,
  ref,
  onChange,
  ...rest
}: InputProps) => {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const counterId = `${inputId}-counter`;
  const { length: typed, setLength, setRef } = useValueLength(ref);
  // A controlled input says its value itself.
  const length = rest.value === undefined ? typed : String(rest.value).length;
  const over = limit !== undefined && length > limit;
  const describedBy = cx(error && errorId, hint && !error && hintId, limit !== undefined && counterId);
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      <input
        ref={setRef}
        id={inputId}
        className={cx(styles.input, error && styles.invalid)}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy || undefined}
        maxLength={digitsMaxLength}
        onChange={(event) => {
          setLength(event.target.value.length);
          onChange?.(event);
        }}
        {...rest}
      />
      {(hint || error || limit !== undefined) && (
        <div className={styles.below}>
          {hint && !error && (
            <span id={hintId} className={styles.hint}>
              {hint}
            </span>
          )}
          {error && (
            <span id={errorId} className={styles.error} role="alert">
              {error}
            </span>
          )}
          {limit !== undefined && (
            <span id={counterId} className={cx(styles.counter, over && styles.counterOver)} data-testid="char-counter">
              <span className="visually-hidden">Символов: </span>
              {length} / {limit}
            </span>
          )}
        </div>
      )}
    </div>
  );
};
