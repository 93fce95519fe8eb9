import { describe, expect, it } from 'vitest';
import { OPTION_EMPTY, OPTIONS_REPEAT, REQUIRED, SELECT_NEEDS_OPTION, type FormGroup } from '@crm/contract';
import {
  checkDraft,
  draftFromGroups,
  draftSignature,
  draftToBody,
  draftToPreview,
  errorKey,
  FORM_ERROR,
  newField,
  newGroup,
  newOption,
  optionRefusal,
  pinError,
  pinErrors,
} from './form-builder-draft';

const saved: FormGroup[] = [
  {
    id: 2,
    title: 'О клиенте',
    order: 1,
    fields: [
      {
        id: 21,
        type: 'select',
        name: 'Источник',
        placeholder: '',
        required: false,
        is_searchable: true,
        size_percentage: 50,
        options: [
          { id: 211, name: 'Сайт', clue: null },
          { id: 212, name: 'Реклама', clue: { id: 9, type: 'form_field_option', type_id: 212, clue: '' } },
        ],
        order: 0,
      },
    ],
  },
  {
    id: 1,
    title: 'Контакты',
    order: 0,
    fields: [
      { id: 12, type: 'text', name: 'Город', placeholder: '', required: false, is_searchable: false, size_percentage: 100, options: [], order: 1 },
      { id: 11, type: 'phone_number', name: 'Телефон', placeholder: '7900', required: true, is_searchable: false, size_percentage: 25, options: [], order: 0 },
    ],
  },
];

describe('the builder draft', () => {
  it('opens the saved form in order and sends it back unchanged', () => {
    const draft = draftFromGroups(saved);
    expect(draft.map((g) => g.title)).toEqual(['Контакты', 'О клиенте']);
    expect(draft[0]?.fields.map((f) => f.name)).toEqual(['Телефон', 'Город']);
    expect(draftToBody(draft)).toEqual({
      groups: [
        {
          id: 1,
          title: 'Контакты',
          fields: [
            { id: 11, type: 'phone_number', name: 'Телефон', placeholder: '7900', required: true, is_searchable: false, size_percentage: 25, options: [] },
            { id: 12, type: 'text', name: 'Город', placeholder: '', required: false, is_searchable: false, size_percentage: 100, options: [] },
          ],
        },
        {
          id: 2,
          title: 'О клиенте',
          fields: [
            {
              id: 21,
              type: 'select',
              name: 'Источник',
              placeholder: '',
              required: false,
              is_searchable: true,
              size_percentage: 50,
              options: [
                { id: 211, name: 'Сайт' },
                { id: 212, name: 'Реклама' },
              ],
            },
          ],
        },
      ],
    });
  });

  it('gives every item its own uid and the same signature to the same form', () => {
    const a = draftFromGroups(saved);
    const b = draftFromGroups(saved);
    const uids = a.flatMap((g) => [g.uid, ...g.fields.flatMap((f) => [f.uid, ...f.options.map((o) => o.uid)])]);
    expect(new Set(uids).size).toBe(uids.length);
    expect(a[0]?.uid).not.toBe(b[0]?.uid);
    expect(draftSignature(a)).toBe(draftSignature(b));
  });

  it('names new fields with the builder defaults, full width, without ids', () => {
    expect(['text', 'phone_number', 'social_network', 'textarea', 'select'].map((t) => newField(t as never).name)).toEqual([
      'Фамилия',
      'Телефон для связи',
      'Соцсети',
      'Комментарий',
      'Поле с выбором',
    ]);
    const field = newField('text');
    expect(field).toMatchObject({ size_percentage: 100, required: false, options: [] });
    expect(field.id).toBeUndefined();
  });

  it('sends neither options nor searchability for a field that is not a select', () => {
    const group = { ...newGroup(), fields: [{ ...newField('text'), is_searchable: true, options: [newOption('a')] }] };
    expect(draftToBody([group]).groups[0]?.fields?.[0]).toMatchObject({ is_searchable: false, options: [] });
  });

  it('refuses an empty or repeated option, whatever its case', () => {
    const options = [newOption('Сайт')];
    expect(optionRefusal('  ', options)).toBe(OPTION_EMPTY);
    expect(optionRefusal(' сайт ', options)).toBe(OPTIONS_REPEAT);
    expect(optionRefusal('Реклама', options)).toBeNull();
  });

  it('previews new items with negative ids, orders from places and the default title', () => {
    const group = { ...newGroup(), fields: [newField('text'), { ...newField('select'), options: [newOption('a')] }] };
    const [preview] = draftToPreview([group]);
    expect(preview?.title).toBe('Заголовок');
    expect(preview?.id).toBeLessThan(0);
    expect(preview?.fields.map((f) => f.order)).toEqual([0, 1]);
    expect(preview?.fields.every((f) => f.id < 0)).toBe(true);
    expect(preview?.fields[1]?.options[0]?.id).toBeLessThan(0);
    // The same item keeps its preview id after a move.
    const moved = draftToPreview([{ ...group, fields: [...group.fields].reverse() }]);
    expect(moved[0]?.fields[1]?.id).toBe(preview?.fields[0]?.id);
  });

  it('pins error paths to the items that were sent', () => {
    const draft = draftFromGroups(saved);
    const [contacts, about] = draft;
    const select = about!.fields[0]!;
    expect(pinError(draft, 'groups.1.fields.0.options.1.name')).toBe(errorKey(select.options[1]!.uid, 'name'));
    expect(pinError(draft, 'groups.1.fields.0.options')).toBe(errorKey(select.uid, 'options'));
    expect(pinError(draft, 'groups.0.fields.1.name')).toBe(errorKey(contacts!.fields[1]!.uid, 'name'));
    expect(pinError(draft, 'groups.0.fields.1.id')).toBe(errorKey(contacts!.fields[1]!.uid, 'field'));
    expect(pinError(draft, 'groups.0.title')).toBe(errorKey(contacts!.uid, 'title'));
    expect(pinError(draft, 'groups.0.fields')).toBe(errorKey(contacts!.uid, 'fields'));
    expect(pinError(draft, 'groups.0.id')).toBe(errorKey(contacts!.uid, 'group'));
    expect(pinError(draft, 'groups.5.title')).toBe(FORM_ERROR);
    expect(pinError(draft, 'groups.0.fields.9.name')).toBe(errorKey(contacts!.uid, 'fields'));
    expect(pinError(draft, 'groups')).toBe(FORM_ERROR);
    expect(pinErrors(draft, { 'groups.0.title': ['first', 'second'], groups: ['a'] })).toEqual({
      [errorKey(contacts!.uid, 'title')]: 'first',
      [FORM_ERROR]: 'a',
    });
  });

  it("checks the draft with the contract's rules", () => {
    const select = { ...newField('select'), name: '  ' };
    const repeated = { ...newField('select'), options: [newOption('Да'), { ...newOption('x'), name: 'да' }] };
    const draft = [{ ...newGroup(), fields: [select, repeated, newField('text')] }];
    expect(checkDraft(draft)).toEqual({
      [errorKey(select.uid, 'name')]: REQUIRED,
      [errorKey(select.uid, 'options')]: SELECT_NEEDS_OPTION,
      [errorKey(repeated.options[1]!.uid, 'name')]: OPTIONS_REPEAT,
    });
    expect(checkDraft([newGroup()])).toEqual({});
  });
});
