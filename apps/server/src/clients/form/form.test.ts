import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, FormFieldType, FormGroup, FormSaveBody } from '@crm/contract';
import { TEXTAREA_VALUE_MAX } from '@crm/contract';
import { call } from '../../test/api.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { hint, pipelineProject } from '../../test/pipeline-project.js';
import { PHONE_CHARACTERS, PHONE_INVALID } from './phone-numbers.js';

type Project = Awaited<ReturnType<typeof pipelineProject>>;

const field = (type: FormFieldType, name: string, extra: Record<string, unknown> = {}) => ({
  type,
  name,
  ...extra,
});

/** A form with one field of every type in two groups. */
const everyType: FormSaveBody = {
  groups: [
    {
      title: 'Контакты',
      fields: [
        field('phone_number', 'Телефон', { required: true, size_percentage: 50, placeholder: '79001234567' }),
        field('social_network', 'Соцсеть', { size_percentage: 50 }),
        field('text', 'Город'),
      ],
    },
    {
      title: '',
      fields: [
        field('select', 'Источник', {
          is_searchable: true,
          options: [{ name: 'Сайт' }, { name: 'Реклама' }],
        }),
        field('textarea', 'Заметки', { size_percentage: 100 }),
      ],
    },
  ],
};

async function saveForm(t: TestApp, p: Project, body: unknown, token = p.admin.token) {
  return call(t.app, 'PUT', p.urls.form, { token, body });
}

async function savedForm(t: TestApp, p: Project, body: unknown) {
  const res = await saveForm(t, p, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response as FormGroup[];
}

/** The form's input from what the server answered (ids kept), to change and save again. */
const asInput = (groups: FormGroup[]) => ({
  groups: groups.map((g) => ({
    id: g.id,
    title: g.title,
    fields: g.fields.map((f) => ({
      id: f.id,
      type: f.type,
      name: f.name,
      placeholder: f.placeholder,
      required: f.required,
      is_searchable: f.is_searchable,
      size_percentage: f.size_percentage,
      options: f.options.map((o) => ({ id: o.id, name: o.name })),
    })),
  })),
});

describe('the client form (docs/product.md §4.7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('saves a whole form: creates, answers it in order, and members read it', async () => {
    const p = await pipelineProject(t);
    expect((await call(t.app, 'GET', p.urls.form, { token: p.manager.token })).body.response).toEqual([]);
    const form = await savedForm(t, p, everyType);
    expect(form.map((g) => [g.title, g.order, g.fields.map((f) => [f.name, f.type, f.order])])).toEqual([
      [
        'Контакты',
        0,
        [
          ['Телефон', 'phone_number', 0],
          ['Соцсеть', 'social_network', 1],
          ['Город', 'text', 2],
        ],
      ],
      [
        'Заголовок',
        1,
        [
          ['Источник', 'select', 0],
          ['Заметки', 'textarea', 1],
        ],
      ],
    ]);
    expect(form[0]?.fields[0]).toEqual({
      id: expect.any(Number),
      type: 'phone_number',
      name: 'Телефон',
      placeholder: '79001234567',
      required: true,
      is_searchable: false,
      size_percentage: 50,
      options: [],
      order: 0,
    });
    expect(form[1]?.fields[0]?.options.map((o) => o.name)).toEqual(['Сайт', 'Реклама']);
    const read = await call(t.app, 'GET', p.urls.form, { token: p.manager.token });
    expect(read.body.response).toEqual(form);
    const history = await p.history('client_form.saved');
    expect(history.map((h) => [h.actor_id, h.message])).toEqual([
      [
        p.admin.id,
        'Форма клиента сохранена: «Контакты»: «Телефон», «Соцсеть», «Город»; «Заголовок»: «Источник», «Заметки»',
      ],
    ]);
  });

  it('updates, reorders and deletes groups, fields and options; a deleted field takes its values', async () => {
    const p = await pipelineProject(t);
    const a = await p.addCategory({ name: 'Новые' });
    const form = await savedForm(t, p, everyType);
    const [contacts, second] = form as [FormGroup, FormGroup];
    const [phone, social, city] = contacts.fields as [
      FormGroup['fields'][number],
      FormGroup['fields'][number],
      FormGroup['fields'][number],
    ];
    const source = second.fields[0] as FormGroup['fields'][number];
    const [site, ad] = source.options as [{ id: number; name: string }, { id: number; name: string }] &
      unknown[];
    const client = await p.addClient(p.manager.token, {
      name: 'Иван',
      last_name: 'Петров',
      category_id: a.id,
      fields: [
        { field_id: phone.id, value: '79001234567' },
        { field_id: city.id, value: 'Казань' },
        { field_id: source.id, value: String(ad.id) },
      ],
    });

    const input = asInput(form);
    // Second group first; the city leaves; the source moves to the first group, options reordered,
    // 'Сайт' dropped and a new one added; a new field in the new first group.
    const [g0, g1] = input.groups as [(typeof input.groups)[number], (typeof input.groups)[number]];
    const saved = await savedForm(t, p, {
      groups: [
        {
          id: g1.id,
          title: 'Прочее',
          fields: [
            {
              ...g1.fields[0],
              name: 'Откуда',
              options: [{ id: ad.id, name: 'Реклама ВК' }, { name: 'Друзья' }],
            },
            field('text', 'Новое'),
          ],
        },
        { id: g0.id, title: 'Контакты', fields: [g0.fields[1], g0.fields[0]] },
      ],
    });
    expect(saved.map((g) => [g.id, g.title, g.order, g.fields.map((f) => [f.name, f.order])])).toEqual([
      [
        second.id,
        'Прочее',
        0,
        [
          ['Откуда', 0],
          ['Новое', 1],
        ],
      ],
      [
        contacts.id,
        'Контакты',
        1,
        [
          ['Соцсеть', 0],
          ['Телефон', 1],
        ],
      ],
    ]);
    expect(saved[0]?.fields[0]?.id).toBe(source.id);
    expect(saved[0]?.fields[0]?.options).toEqual([
      { id: ad.id, name: 'Реклама ВК', clue: null },
      { id: expect.any(Number), name: 'Друзья', clue: null },
    ]);
    expect(saved[1]?.fields.map((f) => f.id)).toEqual([social.id, phone.id]);
    expect(
      saved.flatMap((g) => g.fields).some((f) => f.id === city.id || f.options.some((o) => o.id === site.id)),
    ).toBe(false);

    const read = (await call(t.app, 'GET', p.urls.client(client.id), { token: p.manager.token })).body
      .response as Client;
    expect(read.fields).toEqual([
      { field_id: source.id, value: String(ad.id) },
      { field_id: phone.id, value: '79001234567' },
    ]);
    const deleted = await p.history('client_form.field_deleted');
    expect(deleted.map((h) => [h.subject_id, h.message])).toEqual([
      [city.id, 'Удалено поле формы клиента «Город»; удалены его значения у клиентов: 1'],
      [second.fields[1]?.id, 'Удалено поле формы клиента «Заметки»'],
    ]);

    // A group left out goes with its fields; the whole form can be emptied.
    const emptied = await savedForm(t, p, { groups: [] });
    expect(emptied).toEqual([]);
    expect((await p.history('client_form.field_deleted')).length).toBe(6);
    const after = (await call(t.app, 'GET', p.urls.client(client.id), { token: p.manager.token })).body
      .response as Client;
    expect(after.fields).toEqual([]);
  });

  it('validates the form, with the product messages', async () => {
    const p = await pipelineProject(t);
    const one = (f: Record<string, unknown>) => ({ groups: [{ title: 'Группа', fields: [f] }] });
    const sel = (options: unknown[], extra: Record<string, unknown> = {}) =>
      one({ type: 'select', name: 'Выбор', options, ...extra });
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { groups: ['Обязательное поле'] }],
      [one({ type: 'text' }), { 'groups.0.fields.0.name': ['Обязательное поле'] }],
      [one({ type: 'text', name: ' ' }), { 'groups.0.fields.0.name': ['Обязательное поле'] }],
      [one({ type: 'text', name: 'я'.repeat(101) }), { 'groups.0.fields.0.name': ['Не более 100 символов'] }],
      [
        one({ type: 'text', name: 'Поле', placeholder: 'я'.repeat(201) }),
        { 'groups.0.fields.0.placeholder': ['Не более 200 символов'] },
      ],
      [one({ type: 'date', name: 'Поле' }), { 'groups.0.fields.0.type': ['Выберите тип поля'] }],
      [
        one({ type: 'text', name: 'Поле', size_percentage: 30 }),
        { 'groups.0.fields.0.size_percentage': ['Ширина: 25, 50 или 100 процентов'] },
      ],
      [
        one({ type: 'text', name: 'Поле', is_searchable: true }),
        { 'groups.0.fields.0.is_searchable': ['Поиск по полю доступен только для выпадающего списка'] },
      ],
      [sel([]), { 'groups.0.fields.0.options': ['Добавьте хотя бы один вариант'] }],
      [sel([{ name: ' ' }]), { 'groups.0.fields.0.options.0.name': ['Вариант не может быть пустым'] }],
      [
        sel([{ name: 'Сайт' }, { name: 'Реклама' }, { name: 'САЙТ' }]),
        { 'groups.0.fields.0.options.2.name': ['Варианты не должны повторяться'] },
      ],
      [
        sel([{ name: 'Ёлка' }, { name: 'ёлка ' }]),
        { 'groups.0.fields.0.options.1.name': ['Варианты не должны повторяться'] },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await saveForm(t, p, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors, JSON.stringify(body)).toEqual(errors);
    }
    // An empty title is 'Заголовок'; nothing above was saved.
    const saved = await savedForm(t, p, { groups: [{ title: '  ', fields: [] }] });
    expect(saved.map((g) => g.title)).toEqual(['Заголовок']);
    expect((await p.history('client_form.saved')).length).toBe(1);
  });

  it('refuses: the anonymous 401, another project 404, a manager writing 403, ids of another project 422', async () => {
    const p = await pipelineProject(t);
    const other = await pipelineProject(t, 'Чужой');
    const theirs = await savedForm(t, other, everyType);
    const mine = await savedForm(t, p, everyType);
    const theirGroup = theirs[0] as FormGroup;
    const theirField = theirGroup.fields[0] as FormGroup['fields'][number];
    const theirOption = theirs[1]?.fields[0]?.options[0] as { id: number };

    expect((await call(t.app, 'GET', p.urls.form)).status).toBe(401);
    expect((await saveForm(t, p, everyType, '')).status).toBe(401);
    expect((await call(t.app, 'GET', p.urls.searchableFields)).status).toBe(401);
    expect((await call(t.app, 'GET', p.urls.form, { token: other.manager.token })).status).toBe(404);
    expect((await call(t.app, 'GET', p.urls.searchableFields, { token: other.manager.token })).status).toBe(
      404,
    );
    expect((await saveForm(t, p, everyType, other.admin.token)).status).toBe(404);
    expect((await saveForm(t, p, everyType, p.manager.token)).status).toBe(403);

    const input = asInput(mine);
    const cases: [unknown, Record<string, string[]>][] = [
      [
        { groups: [{ id: theirGroup.id, title: 'Взлом', fields: [] }] },
        { 'groups.0.id': ['Группа не найдена'] },
      ],
      [
        {
          groups: [
            input.groups[0],
            { title: 'x', fields: [{ ...field('text', 'Взлом'), id: theirField.id }] },
          ],
        },
        { 'groups.1.fields.0.id': ['Поле формы не найдено'] },
      ],
      [
        {
          groups: [
            {
              title: 'x',
              fields: [
                input.groups[0]?.fields[2],
                { ...field('text', 'Дубль'), id: input.groups[0]?.fields[2]?.id },
              ],
            },
          ],
        },
        { 'groups.0.fields.1.id': ['Поле формы не найдено'] },
      ],
      [
        {
          groups: [
            input.groups[0],
            {
              ...input.groups[1],
              fields: [{ ...input.groups[1]?.fields[0], options: [{ id: theirOption.id, name: 'Взлом' }] }],
            },
          ],
        },
        { 'groups.1.fields.0.options.0.id': ['Вариант не найден'] },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await saveForm(t, p, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors, JSON.stringify(body)).toEqual(errors);
    }
    expect((await call(t.app, 'GET', p.urls.form, { token: p.admin.token })).body.response).toEqual(mine);
    expect((await call(t.app, 'GET', other.urls.form, { token: other.admin.token })).body.response).toEqual(
      theirs,
    );
  });

  it('reorders the groups: every group once, admins only', async () => {
    const p = await pipelineProject(t);
    const other = await pipelineProject(t, 'Чужой');
    const theirs = await savedForm(t, other, everyType);
    const form = await savedForm(t, p, everyType);
    const [a, b] = form.map((g) => g.id) as [number, number];
    const put = (body: unknown, token = p.admin.token) =>
      call(t.app, 'PUT', p.urls.formGroupsOrder, { token, body });
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { ids: ['Обязательное поле'] }],
      [{ ids: [a] }, { ids: ['Укажите все группы формы, каждую по одному разу'] }],
      [{ ids: [a, a] }, { 'ids.1': ['Группа указана дважды'] }],
      [{ ids: [a, theirs[0]?.id] }, { 'ids.1': ['Группа не найдена'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors, JSON.stringify(body)).toEqual(errors);
    }
    expect((await call(t.app, 'PUT', p.urls.formGroupsOrder, { body: { ids: [b, a] } })).status).toBe(401);
    expect((await put({ ids: [b, a] }, p.manager.token)).status).toBe(403);
    expect((await put({ ids: [b, a] }, other.admin.token)).status).toBe(404);
    const res = await put({ ids: [b, a] });
    expect(res.status).toBe(200);
    expect((res.body.response as FormGroup[]).map((g) => [g.id, g.order])).toEqual([
      [b, 0],
      [a, 1],
    ]);
    expect((await p.history('client_form.saved')).map((h) => h.message).at(-1)).toBe(
      'Изменён порядок групп формы клиента: «Заголовок», «Контакты»',
    );
  });

  it('hints on select options: shown with the option, refused for another project, gone with the option', async () => {
    const p = await pipelineProject(t);
    const other = await pipelineProject(t, 'Чужой');
    const theirs = await savedForm(t, other, everyType);
    const form = await savedForm(t, p, everyType);
    const option = form[1]?.fields[0]?.options[1] as { id: number; name: string };
    const post = (typeId: number) =>
      call(t.app, 'POST', p.urls.clues('form_field_option'), {
        token: p.admin.token,
        body: { clue: hint('Уточните кампанию'), type_id: typeId },
      });
    const foreign = await post(theirs[1]?.fields[0]?.options[0]?.id as number);
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ type_id: ['Вариант поля формы не найден'] });
    const created = await post(option.id);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await post(option.id)).body.errors).toEqual({
      type_id: ['У этого варианта уже есть подсказка: измените её'],
    });
    expect((await p.history('clue.created')).map((h) => h.message)).toEqual([
      'Добавлена подсказка к варианту «Реклама» поля «Источник»',
    ]);
    const read = (await call(t.app, 'GET', p.urls.form, { token: p.manager.token })).body
      .response as FormGroup[];
    expect(read[1]?.fields[0]?.options[1]?.clue).toEqual(created.body.response);

    const input = asInput(read);
    const source = input.groups[1]?.fields[0] as (typeof input.groups)[number]['fields'][number];
    source.options = source.options.slice(0, 1);
    const saved = await savedForm(t, p, input);
    expect(saved[1]?.fields[0]?.options.map((o) => o.name)).toEqual(['Сайт']);
    const clues = await t.db
      .selectFrom('clues')
      .select('id')
      .where('project_id', '=', p.owner.projectId)
      .execute();
    expect(clues).toEqual([]);
  });

  it('answers the searchable select fields with their options, to any member', async () => {
    const p = await pipelineProject(t);
    expect(
      (await call(t.app, 'GET', p.urls.searchableFields, { token: p.manager.token })).body.response,
    ).toEqual([]);
    const form = await savedForm(t, p, {
      groups: [
        ...(everyType.groups as unknown[]),
        { title: 'Ещё', fields: [field('select', 'Город', { options: [{ name: 'Москва' }] })] },
      ],
    });
    const res = await call(t.app, 'GET', p.urls.searchableFields, { token: p.manager.token });
    expect(res.status).toBe(200);
    expect(res.body.response).toEqual([form[1]?.fields[0]]);
    expect(res.body.response[0]).toMatchObject({ name: 'Источник', is_searchable: true });
  });
});

describe("a client's values of the form's fields", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function setup() {
    const p = await pipelineProject(t);
    const a = await p.addCategory({ name: 'Новые' });
    const form = await savedForm(t, p, everyType);
    const byName = new Map(form.flatMap((g) => g.fields).map((f) => [f.name, f]));
    const id = (name: string) => byName.get(name)?.id as number;
    const option = (name: string) =>
      byName.get('Источник')?.options.find((o) => o.name === name)?.id as number;
    return { p, a, id, option };
  }

  it('takes a phone as people write it, with +, spaces, dashes, dots or brackets, and keeps its international digits', async () => {
    const { p, a, id } = await setup();
    const written: [string, string][] = [
      ['+380 50 123-45-67', '380501234567'],
      ['+380501234567', '380501234567'],
      ['+7 (900) 123-45-67', '79001234567'],
      ['+375.29.123.45.67', '375291234567'],
      // Digits alone are the international number, as the form sends them…
      ['79001234567', '79001234567'],
      // …or, failing that, a number of the form's first country (Ukraine), with its trunk 0.
      ['(050) 123 45 67', '380501234567'],
    ];
    for (const [value, digits] of written) {
      const client = await p.addClient(p.manager.token, {
        name: 'Иван',
        last_name: value,
        category_id: a.id,
        fields: [{ field_id: id('Телефон'), value }],
      });
      expect(client.fields, value).toContainEqual({ field_id: id('Телефон'), value: digits });
    }
    // The edit form takes the same.
    const edited = await call(
      t.app,
      'PUT',
      `${p.urls.clients}/${
        (
          await p.addClient(p.manager.token, {
            name: 'Ольга',
            last_name: 'Иванова',
            category_id: a.id,
            fields: [{ field_id: id('Телефон'), value: '79001234567' }],
          })
        ).id
      }`,
      {
        token: p.manager.token,
        body: {
          name: 'Ольга',
          last_name: 'Иванова',
          fields: [{ field_id: id('Телефон'), value: '+49 30 1234567' }],
        },
      },
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((edited.body.response as Client).fields).toContainEqual({
      field_id: id('Телефон'),
      value: '49301234567',
    });
  });

  it('stores, answers and lists the values; a select value is an option id (a number is taken too)', async () => {
    const { p, a, id, option } = await setup();
    const client = await p.addClient(p.manager.token, {
      name: 'Иван',
      last_name: 'Петров',
      category_id: a.id,
      fields: [
        { field_id: id('Заметки'), value: 'Перезвонить\nпосле обеда' },
        { field_id: id('Телефон'), value: ' 79001234567 ' },
        { field_id: id('Соцсеть'), value: 'https://www.instagram.com/ivan' },
        { field_id: id('Источник'), value: option('Сайт') },
        { field_id: id('Город'), value: '' },
      ],
    });
    // In the form's order; empty ones are not kept.
    expect(client.fields).toEqual([
      { field_id: id('Телефон'), value: '79001234567' },
      { field_id: id('Соцсеть'), value: 'https://www.instagram.com/ivan' },
      { field_id: id('Источник'), value: String(option('Сайт')) },
      { field_id: id('Заметки'), value: 'Перезвонить\nпосле обеда' },
    ]);
    const list = await call(t.app, 'GET', p.urls.clients, { token: p.manager.token });
    expect((list.body.response.data as Client[])[0]?.fields).toEqual(client.fields);

    // Without `fields` the values stay; with them they are replaced.
    const kept = await call(t.app, 'PUT', p.urls.client(client.id), {
      token: p.manager.token,
      body: { name: 'Иван', last_name: 'Петров' },
    });
    expect((kept.body.response as Client).fields).toEqual(client.fields);
    const changed = await call(t.app, 'PUT', p.urls.client(client.id), {
      token: p.manager.token,
      body: {
        name: 'Иван',
        last_name: 'Петров',
        fields: [
          { field_id: id('Телефон'), value: '79001234568' },
          { field_id: id('Источник'), value: String(option('Реклама')) },
        ],
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((changed.body.response as Client).fields).toEqual([
      { field_id: id('Телефон'), value: '79001234568' },
      { field_id: id('Источник'), value: String(option('Реклама')) },
    ]);
    const updated = await p.history('client.updated');
    expect(updated.map((h) => h.message)).toEqual([
      'Клиент «Иван Петров» изменён: поле «Телефон» «79001234567» → «79001234568»; поле «Соцсеть» «https://www.instagram.com/ivan» → пусто; поле «Источник» «Сайт» → «Реклама»; поле «Заметки» «Перезвонить\nпосле обеда» → пусто',
    ]);
    const events = await t.db
      .selectFrom('history_events')
      .select(['subject_id', 'message'])
      .where('project_id', '=', p.owner.projectId)
      .where('kind', '=', 'client_form_field_changed')
      .execute();
    expect(events.map((e) => [e.subject_id, e.message])).toEqual([
      [client.id, 'Клиент «Иван Петров»: поле «Источник» «Сайт» → «Реклама»'],
    ]);
  });

  it('keeps a textarea value of the longest length in any letters (PostgreSQL indexed it whole: over 2 700 bytes failed)', async () => {
    const { p, a, id } = await setup();
    // Letters that do not repeat, so nothing compresses them under the index's limit.
    let seed = 7;
    const letter = () => {
      seed = (seed * 48271) % 2147483647;
      return String.fromCharCode(0x410 + (seed % 64));
    };
    const long = Array.from({ length: TEXTAREA_VALUE_MAX }, letter).join('');
    const client = await p.addClient(p.manager.token, {
      name: 'Иван',
      last_name: 'Петров',
      category_id: a.id,
      fields: [
        { field_id: id('Телефон'), value: '79001234567' },
        { field_id: id('Заметки'), value: long },
      ],
    });
    expect(client.fields.find((f) => f.field_id === id('Заметки'))?.value).toBe(long);
  });

  it('validates the values against the form, with the product messages', async () => {
    const { p, a, id, option } = await setup();
    const other = await setup();
    const post = (fields: unknown[]) =>
      call(t.app, 'POST', p.urls.clients, {
        token: p.manager.token,
        body: { name: 'Иван', last_name: 'Петров', category_id: a.id, fields },
      });
    const phone = { field_id: id('Телефон'), value: '79001234567' };
    const cases: [unknown[], Record<string, string[]>][] = [
      [[], { fields: ['Заполните обязательные поля: «Телефон»'] }],
      [[{ field_id: id('Телефон'), value: ' ' }], { 'fields.0.value': ['Обязательное поле'] }],
      [[{ field_id: id('Телефон'), value: '7900123456789012' }], { 'fields.0.value': ['Не более 15 цифр'] }],
      // Too short for a Russian number: no such number.
      [[{ field_id: id('Телефон'), value: '+7 900' }], { 'fields.0.value': [PHONE_INVALID] }],
      [
        [{ field_id: id('Телефон'), value: '+7 900 123 45 67 доб. 5' }],
        { 'fields.0.value': [PHONE_CHARACTERS] },
      ],
      [[{ field_id: id('Телефон'), value: '7 900 +123 45 67' }], { 'fields.0.value': [PHONE_CHARACTERS] }],
      [[{ field_id: id('Телефон'), value: '123456789012345' }], { 'fields.0.value': [PHONE_INVALID] }],
      [
        [phone, { field_id: id('Соцсеть'), value: 'https://vk.com/ivan' }],
        {
          'fields.1.value': [
            'Ссылка должна начинаться с https://www.instagram.com/ или https://www.facebook.com/',
          ],
        },
      ],
      [
        [phone, { field_id: id('Город'), value: 'я'.repeat(256) }],
        { 'fields.1.value': ['Не более 255 символов'] },
      ],
      [
        [phone, { field_id: id('Заметки'), value: 'я'.repeat(5001) }],
        { 'fields.1.value': ['Не более 5000 символов'] },
      ],
      [
        [phone, { field_id: id('Источник'), value: 'Сайт' }],
        { 'fields.1.value': ['Выберите вариант из списка'] },
      ],
      [
        [phone, { field_id: id('Источник'), value: other.option('Сайт') }],
        { 'fields.1.value': ['Выберите вариант из списка'] },
      ],
      [
        [phone, { field_id: other.id('Город'), value: 'Казань' }],
        { 'fields.1.field_id': ['Поле формы не найдено'] },
      ],
      [[phone, { field_id: 999999, value: 'x' }], { 'fields.1.field_id': ['Поле формы не найдено'] }],
      [[phone, { field_id: 'x', value: 'x' }], { 'fields.1.field_id': ['Поле формы не найдено'] }],
      [[phone, phone], { 'fields.1.field_id': ['Поле указано дважды'] }],
    ];
    for (const [fields, errors] of cases) {
      const res = await post(fields);
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect(res.body.errors, JSON.stringify(fields)).toEqual(errors);
    }
    expect((await call(t.app, 'GET', p.urls.clients, { token: p.admin.token })).body.response.total).toBe(0);
    const ok = await post([
      // Fifteen digits, the most a number has (a Berlin number with a long extension).
      { field_id: id('Телефон'), value: '493012345678901' },
      { field_id: id('Соцсеть'), value: 'https://www.facebook.com/ivan' },
      { field_id: id('Источник'), value: option('Сайт') },
    ]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    // The edit form checks the same way.
    const put = await call(t.app, 'PUT', p.urls.client((ok.body.response as Client).id), {
      token: p.manager.token,
      body: { name: 'Иван', last_name: 'Петров', fields: [{ field_id: id('Телефон'), value: '' }] },
    });
    expect(put.status).toBe(422);
    expect(put.body.errors).toEqual({ 'fields.0.value': ['Обязательное поле'] });
  });
});
