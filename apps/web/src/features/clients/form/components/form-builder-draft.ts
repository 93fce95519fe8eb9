import {
  DEFAULT_GROUP_TITLE,
  formSaveBody,
  OPTION_EMPTY,
  OPTIONS_REPEAT,
  type Clue,
  type FormFieldType,
  type FormGroup,
  type FormSaveBody,
} from '@crm/contract';
import { firstFieldErrors, type FieldErrors } from '@/lib/api-error';

/**
 * The form builder's working copy. Every group, field and option carries a `uid` of its own
 * (the spec's client-side id): the key for React and drag and drop, and what a save error is
 * pinned to, so an error stays under its input when the items move. `id` is the saved row's.
 */
export type DraftOption = { uid: string; id?: number; name: string; clue: Clue | null };
export type FieldSize = 25 | 50 | 100;
export type DraftField = {
  uid: string;
  id?: number;
  type: FormFieldType;
  name: string;
  placeholder: string;
  required: boolean;
  is_searchable: boolean;
  size_percentage: FieldSize;
  options: DraftOption[];
};
export type DraftGroup = { uid: string; id?: number; title: string; fields: DraftField[] };

/** What each type is called in the builder and the name a new field of it gets (docs/product.md §4.7). */
export const FIELD_TYPES: ReadonlyArray<{ type: FormFieldType; label: string; defaultName: string }> = [
  { type: 'text', label: 'Однострочное поле', defaultName: 'Фамилия' },
  { type: 'phone_number', label: 'Телефон', defaultName: 'Телефон для связи' },
  { type: 'social_network', label: 'Соцсети', defaultName: 'Соцсети' },
  { type: 'textarea', label: 'Многострочное поле', defaultName: 'Комментарий' },
  { type: 'select', label: 'Поле с выбором', defaultName: 'Поле с выбором' },
];

export const fieldTypeLabel = (type: FormFieldType) => FIELD_TYPES.find((t) => t.type === type)?.label ?? type;

let lastUid = 0;
const nextUid = (prefix: 'g' | 'f' | 'o') => `${prefix}${++lastUid}`;

const asSize = (size: number): FieldSize => (size === 25 || size === 50 ? size : 100);

/** The saved form as a working copy, groups and fields in their order. */
export const draftFromGroups = (groups: readonly FormGroup[]): DraftGroup[] =>
  [...groups]
    .sort((a, b) => a.order - b.order)
    .map((group) => ({
      uid: nextUid('g'),
      id: group.id,
      title: group.title,
      fields: [...group.fields]
        .sort((a, b) => a.order - b.order)
        .map((field) => ({
          uid: nextUid('f'),
          id: field.id,
          type: field.type,
          name: field.name,
          placeholder: field.placeholder,
          required: field.required,
          is_searchable: field.is_searchable,
          size_percentage: asSize(field.size_percentage),
          options: field.options.map((option) => ({ uid: nextUid('o'), id: option.id, name: option.name, clue: option.clue })),
        })),
    }));

export const newGroup = (): DraftGroup => ({ uid: nextUid('g'), title: '', fields: [] });

/** A new field of a type, with the builder's default name for it. */
export const newField = (type: FormFieldType): DraftField => ({
  uid: nextUid('f'),
  type,
  name: FIELD_TYPES.find((t) => t.type === type)?.defaultName ?? '',
  placeholder: '',
  required: false,
  is_searchable: false,
  size_percentage: 100,
  options: [],
});

export const newOption = (name: string): DraftOption => ({ uid: nextUid('o'), name: name.trim(), clue: null });

/** Why an option cannot be added to these, or null: empty, or the same name (any case) already there. */
export const optionRefusal = (name: string, options: readonly DraftOption[]): string | null => {
  const key = name.trim().toLocaleLowerCase('ru-RU');
  if (key === '') return OPTION_EMPTY;
  return options.some((o) => o.name.trim().toLocaleLowerCase('ru-RU') === key) ? OPTIONS_REPEAT : null;
};

/**
 * The PUT /form body: arrays in the builder's order (the server numbers them from 0), options
 * and searchability only for selects.
 */
export const draftToBody = (groups: readonly DraftGroup[]): FormSaveBody => ({
  groups: groups.map((group) => ({
    ...(group.id !== undefined && { id: group.id }),
    title: group.title,
    fields: group.fields.map((field) => ({
      ...(field.id !== undefined && { id: field.id }),
      type: field.type,
      name: field.name,
      placeholder: field.placeholder,
      required: field.required,
      is_searchable: field.type === 'select' && field.is_searchable,
      size_percentage: field.size_percentage,
      options:
        field.type === 'select'
          ? field.options.map((option) => ({ ...(option.id !== undefined && { id: option.id }), name: option.name }))
          : [],
    })),
  })),
});

/**
 * The working copy as the client form will look, for the live preview: unsaved items get
 * negative ids (never a row's), orders from their places, an empty title as the server saves it.
 */
export const draftToPreview = (groups: readonly DraftGroup[]): FormGroup[] => {
  // From the uid, so a typed preview value stays with its field when the fields move.
  const idOf = (item: { id?: number; uid: string }) => item.id ?? -Number(item.uid.slice(1));
  return groups.map((group, groupIndex) => ({
    id: idOf(group),
    title: group.title.trim() || DEFAULT_GROUP_TITLE,
    order: groupIndex,
    fields: group.fields.map((field, fieldIndex) => ({
      id: idOf(field),
      type: field.type,
      name: field.name.trim(),
      placeholder: field.placeholder.trim(),
      required: field.required,
      is_searchable: field.type === 'select' && field.is_searchable,
      size_percentage: field.size_percentage,
      options:
        field.type === 'select' ? field.options.map((o) => ({ id: idOf(o), name: o.name.trim(), clue: o.clue })) : [],
      order: fieldIndex,
    })),
  }));
};

/** Where an error shows: the item's uid and which of its inputs ('title', 'name', 'options', …). */
export const errorKey = (uid: string, input: string) => `${uid}:${input}`;
/** A field's inputs that show their own error; any other (its id, its type) shows on the field itself. */
const FIELD_INPUTS = new Set(['name', 'placeholder', 'size_percentage', 'is_searchable']);

/** Errors of the form as a whole (too many groups, a body the server refused without a place). */
export const FORM_ERROR = 'form';

/**
 * A save error's path (`groups.0.fields.2.options.1.name`, as the server and the contract's
 * schema say it) pinned to the item of the copy that was sent; a path that names no item stays
 * on the nearest one that exists, and on the form itself at worst.
 */
export const pinError = (groups: readonly DraftGroup[], path: string): string => {
  const parts = path.split('.');
  if (parts[0] !== 'groups') return FORM_ERROR;
  const group = groups[Number(parts[1])];
  if (!group || parts.length < 3) return FORM_ERROR;
  if (parts[2] !== 'fields') return errorKey(group.uid, parts[2] === 'title' ? 'title' : 'group');
  const field = group.fields[Number(parts[3])];
  if (!field || parts.length < 5) return errorKey(group.uid, 'fields');
  if (parts[4] !== 'options') return errorKey(field.uid, FIELD_INPUTS.has(parts[4] ?? '') ? parts[4]! : 'field');
  const option = field.options[Number(parts[5])];
  if (!option || parts.length < 7) return errorKey(field.uid, 'options');
  return errorKey(option.uid, 'name');
};

/** A refusal's field errors pinned to the copy that was sent: `{ 'f3:name': 'Обязательное поле' }`. */
export const pinErrors = (groups: readonly DraftGroup[], errors: FieldErrors): Record<string, string> => {
  const pinned: Record<string, string> = {};
  for (const [path, message] of firstFieldErrors(errors)) {
    const key = pinError(groups, path);
    pinned[key] ??= message;
  }
  return pinned;
};

/** The contract's own check of the body, before sending: the same messages the server would give. */
export const checkDraft = (groups: readonly DraftGroup[]): Record<string, string> => {
  const result = formSaveBody.safeParse(draftToBody(groups));
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.')] ??= []).push(issue.message);
  return pinErrors(groups, errors);
};

/** What a save would send, as one string: two copies with the same signature save the same form. */
export const draftSignature = (groups: readonly DraftGroup[]): string => JSON.stringify(draftToBody(groups));
