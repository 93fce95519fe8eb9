import type { ClientFieldValueInput, FormField, FormGroup } from '@crm/contract';
import { formatPhone } from '@crm/contract/phone-format';
import { firstFieldErrors, type FieldErrors } from '@/lib/api-error';

/** A client's custom values as the API answers them. */
export type ClientFieldValue = { field_id: number; value: string };

/** The form key of a custom field's value (docs/product.md §3: values keyed field_{id}). */
export const fieldKey = (fieldId: number) => `field_${fieldId}`;

/** Every field of the form, group by group, in their order. */
export const formFieldsInOrder = (groups: readonly FormGroup[]): FormField[] =>
  [...groups]
    .sort((a, b) => a.order - b.order)
    .flatMap((g) => [...g.fields].sort((a, b) => a.order - b.order));

/** A client's values as form values, keyed `field_<id>`. */
export const toFieldValues = (fields: readonly ClientFieldValue[]): Record<string, string> =>
  Object.fromEntries(fields.map((f) => [fieldKey(f.field_id), f.value]));

/**
 * Form values back into the API's list: one entry per field of the form, in the form's order
 * (a blank one as ''), so a 422 on `fields.N.value` names the N-th field of the form.
 */
export const fromFieldValues = (
  values: Readonly<Record<string, unknown>>,
  groups: readonly FormGroup[],
): Array<{ field_id: number; value: string }> =>
  formFieldsInOrder(groups).map((field) => {
    const raw = values[fieldKey(field.id)];
    return {
      field_id: field.id,
      value: typeof raw === 'string' ? raw.trim() : raw == null ? '' : String(raw),
    };
  });

/**
 * A client save's 422 errors on `fields.N.value` / `fields.N.field_id`, moved to the form key of
 * the field that was sent N-th: `[['field_12', 'Обязательное поле'], …]`.
 */
export const fieldValueErrors = (
  errors: FieldErrors,
  sent: readonly Pick<ClientFieldValueInput, 'field_id'>[],
): Array<[key: string, message: string]> =>
  firstFieldErrors(errors).flatMap(([path, message]) => {
    const match = /^fields\.(\d+)\.(value|field_id)$/.exec(path);
    const fieldId = match ? sent[Number(match[1])]?.field_id : undefined;
    return fieldId === undefined ? [] : [[fieldKey(fieldId), message] as [string, string]];
  });

/** What a value reads as: a select's option name, the others as typed. */
export const displayFieldValue = (field: FormField, value: string): string => {
  if (value === '') return '';
  if (field.type === 'phone_number') return formatPhone(value);
  if (field.type !== 'select') return value;
  return field.options.find((o) => String(o.id) === value)?.name ?? '';
};
