import { useId } from 'react';
import { Controller, type RegisterOptions, type UseFormReturn } from 'react-hook-form';
import {
  REQUIRED,
  SOCIAL_NETWORK_PREFIXES,
  TEXT_VALUE_MAX,
  TEXTAREA_VALUE_MAX,
  tooLong,
  type FormField,
  type FormGroup,
  type PhoneCountry,
} from '@crm/contract';
import { PhoneInput } from '@/ui/phone-input';
import { cx } from '@/ui/cx';
import inputStyles from '@/ui/input.module.css';
import selectStyles from '@/ui/select.module.css';
import { fieldKey } from './client-field-value-mapping';
import styles from './client-form-fields.module.css';

/** The server's words for a link that is not Instagram or Facebook, said before sending. */
export const SOCIAL_NETWORK_HINT = `Ссылка должна начинаться с ${SOCIAL_NETWORK_PREFIXES.join(' или ')}`;

const SOCIAL_NETWORK_FORMAT = `Начинается с ${SOCIAL_NETWORK_PREFIXES.join(' или ')}`;

type ClientFormFieldsProps = {
  groups: readonly FormGroup[];
  // The caller's form also holds its own fields (name, category…); these live under field_<id>.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturn<any>;
  /** The phone picker's first country: the project's phone country in the client form, 'BE' in the preview. */
  phoneCountry: PhoneCountry;
  disabled?: boolean;
};

const rulesFor = (field: FormField): RegisterOptions => {
  const required = field.required ? { required: REQUIRED } : {};
  switch (field.type) {
    case 'text':
      return { ...required, maxLength: { value: TEXT_VALUE_MAX, message: tooLong(TEXT_VALUE_MAX) } };
    case 'textarea':
      return { ...required, maxLength: { value: TEXTAREA_VALUE_MAX, message: tooLong(TEXTAREA_VALUE_MAX) } };
    case 'social_network':
      return {
        ...required,
        maxLength: { value: TEXT_VALUE_MAX, message: tooLong(TEXT_VALUE_MAX) },
        validate: (value: unknown) => {
          const text = typeof value === 'string' ? value.trim() : '';
          return text === '' ||
            SOCIAL_NETWORK_PREFIXES.some((p) => text.startsWith(p) && text.length > p.length)
            ? true
            : SOCIAL_NETWORK_HINT;
        },
      };
    case 'phone_number':
    case 'select':
      return required;
  }
};

/**
 * The project's client form, group by group (docs/product.md §4.7): each field by its type, in
 * its width (25/50/100 %, the whole row on a phone), '*' when required, its error under it.
 */
export const ClientFormFields = ({ groups, form, phoneCountry, disabled = false }: ClientFormFieldsProps) => {
  // A group without fields has nothing to fill: its title alone would read as a broken form.
  const sorted = [...groups].filter((g) => g.fields.length > 0).sort((a, b) => a.order - b.order);
  return (
    <div className={styles.groups}>
      {sorted.map((group) => (
        <fieldset key={group.id} className={styles.group} disabled={disabled}>
          <legend className={styles.groupTitle}>{group.title}</legend>
          <div className={styles.grid}>
            {[...group.fields]
              .sort((a, b) => a.order - b.order)
              .map((field) => (
                <ClientFormField
                  key={field.id}
                  field={field}
                  form={form}
                  phoneCountry={phoneCountry}
                  disabled={disabled}
                />
              ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
};

const widthClass = (size: number) => (size === 25 ? styles.w25 : size === 50 ? styles.w50 : styles.w100);

type ClientFormFieldProps = {
  field: FormField;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturn<any>;
  phoneCountry: PhoneCountry;
  disabled: boolean;
};

/** One field by its type; a disabled form disables it through the group's fieldset. */
const ClientFormField = ({ field, form, phoneCountry, disabled }: ClientFormFieldProps) => {
  const id = useId();
  const key = fieldKey(field.id);
  const error = form.formState.errors[key]?.message;
  const message = typeof error === 'string' ? error : undefined;
  const hint = field.type === 'social_network' ? SOCIAL_NETWORK_FORMAT : undefined;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = cx(message && errorId, hint && !message && hintId) || undefined;
  const control = {
    id,
    'aria-invalid': message ? true : undefined,
    'aria-required': field.required || undefined,
    'aria-describedby': describedBy,
  };
  const placeholder = field.placeholder || undefined;

  const input = (() => {
    switch (field.type) {
      case 'phone_number':
        return (
          <Controller
            control={form.control}
            name={key}
            rules={rulesFor(field)}
            render={({ field: f }) => (
              <PhoneInput
                // The picker takes its first country once: a project's country known later starts it anew.
                key={phoneCountry}
                value={typeof f.value === 'string' ? f.value : ''}
                onChange={f.onChange}
                defaultCountry={phoneCountry}
                id={id}
                aria-invalid={Boolean(message)}
                aria-describedby={describedBy}
                aria-required={field.required || undefined}
                disabled={disabled}
                placeholder={placeholder}
              />
            )}
          />
        );
      case 'textarea':
        return (
          <textarea
            {...form.register(key, rulesFor(field))}
            {...control}
            rows={4}
            placeholder={placeholder}
            className={cx(inputStyles.input, styles.textarea, message && inputStyles.invalid)}
          />
        );
      case 'select':
        return (
          <span className={selectStyles.box}>
            <select
              {...form.register(key, rulesFor(field))}
              {...control}
              className={cx(inputStyles.input, selectStyles.select, message && inputStyles.invalid)}
            >
              <option value="">{field.placeholder || 'Выберите вариант'}</option>
              {field.options.map((option) => (
                <option key={option.id} value={String(option.id)}>
                  {option.name}
                </option>
              ))}
            </select>
            <svg
              className={selectStyles.chevron}
              width={16}
              height={16}
              viewBox="0 0 24 24"
              aria-hidden="true"
              focusable="false"
            >
              <path
                d="m6 9 6 6 6-6"
                fill="none"
                stroke="currentColor"
                strokeWidth={1.8}
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </span>
        );
      case 'social_network':
      case 'text':
        return (
          <input
            {...form.register(key, rulesFor(field))}
            {...control}
            type={field.type === 'social_network' ? 'url' : 'text'}
            inputMode={field.type === 'social_network' ? 'url' : undefined}
            placeholder={placeholder}
            className={cx(inputStyles.input, message && inputStyles.invalid)}
          />
        );
    }
  })();

  return (
    <div
      className={cx(inputStyles.field, styles.cell, widthClass(field.size_percentage))}
      data-testid="client-form-field"
    >
      <label htmlFor={id} className={inputStyles.label}>
        {field.name}
        {field.required && (
          <span className={inputStyles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      {input}
      {hint && !message && (
        <span id={hintId} className={inputStyles.hint}>
          {hint}
        </span>
      )}
      {message && (
        <span id={errorId} className={inputStyles.error} role="alert">
          {message}
        </span>
      )}
    </div>
  );
};
