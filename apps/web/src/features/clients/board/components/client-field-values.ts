// The client form's values: the pure mapping and its read-only view, imported from one place.
export {
  displayFieldValue,
  fieldKey,
  fieldValueErrors,
  formFieldsInOrder,
  fromFieldValues,
  toFieldValues,
  type ClientFieldValue,
} from './client-field-value-mapping';
export { ClientFieldValuesView } from './client-field-values-view';
