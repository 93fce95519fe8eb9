import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FORM_GROUPS_MAX,
  type Client,
  type FormGroup,
  type FormGroupCreateBody,
  type FormSaveBody,
} from '@crm/contract';
import { call } from '../../test/api.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { pipelineProject } from '../../test/pipeline-project.js';
import { groupAsInput } from './form.service.js';

type Project = Awaited<ReturnType<typeof pipelineProject>>;

/** Two groups: contacts (phone, city) and a select with two options. */
const twoGroups: FormSaveBody = {
  groups: [
    {
      title: 'Контакты',
      fields: [
        { type: 'phone_number', name: 'Телефон', size_percentage: 50 },
        { type: 'text', name: 'Город', size_percentage: 50 },
      ],
    },
    {
      title: 'Откуда',
      fields: [
        {
          type: 'select',
          name: 'Источник',
          is_searchable: true,
          options: [{ name: 'Сайт' }, { name: 'Реклама' }],
        },
      ],
    },
  ],
};

async function formOf(t: TestApp, p: Project) {
  return (await call(t.app, 'GET', p.urls.form, { token: p.manager.token })).body.response as FormGroup[];
}

async function savedForm(t: TestApp, p: Project, body: FormSaveBody = twoGroups) {
  const res = await call(t.app, 'PUT', p.urls.form, { token: p.admin.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response as FormGroup[];
}

const postGroup = (t: TestApp, p: Project, body: unknown, token = p.admin.token) =>
  call(t.app, 'POST', p.urls.formGroups, { token, body });

const putGroup = (t: TestApp, p: Project, id: number, body: unknown, token = p.admin.token) =>
  call(t.app, 'PUT', p.urls.formGroup(id), { token, body });

/** A group's shape without ids, to compare. */
const shape = (g: FormGroup) => [
  g.title,
  g.order,
  g.fields.map((f) => [f.name, f.type, f.order, f.options.map((o) => o.name)]),
];

describe('form groups one at a time (docs/product.md §4.7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('creates a group with its fields last, first or at a place; the groups after it move down', async () => {
    const p = await pipelineProject(t);
    const first = await postGroup(t, p, {
      project_id: p.owner.projectId,
      title: ' Контакты ',
      fields: [
        { type: 'phone_number', name: 'Телефон', required: true, size_percentage: 50 },
        { type: 'select', name: 'Источник', options: [{ name: 'Сайт' }, { name: 'Реклама' }] },
      ],
    } satisfies FormGroupCreateBody);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const contacts = first.body.response as FormGroup;
    expect(contacts).toEqual({
      id: expect.any(Number),
      title: 'Контакты',
      order: 0,
      fields: [
        {
          id: expect.any(Number),
          type: 'phone_number',
          name: 'Телефон',
          placeholder: '',
          required: true,
          is_searchable: false,
          size_percentage: 50,
          options: [],
          order: 0,
        },
        {
          id: expect.any(Number),
          type: 'select',
          name: 'Источник',
          placeholder: '',
          required: false,
          is_searchable: false,
          size_percentage: 100,
          options: [
            { id: expect.any(Number), name: 'Сайт', clue: null },
            { id: expect.any(Number), name: 'Реклама', clue: null },
          ],
          order: 1,
        },
      ],
    });

    const top = await postGroup(t, p, { project_id: p.owner.projectId, title: '', order: 0, fields: [] });
    expect(top.status).toBe(201);
    expect(shape(top.body.response)).toEqual(['Заголовок', 0, []]);
    const middle = await postGroup(t, p, {
      project_id: p.owner.projectId,
      title: 'О клиенте',
      order: 1,
      fields: [{ type: 'textarea', name: 'Комментарий' }],
    });
    expect(shape(middle.body.response)).toEqual(['О клиенте', 1, [['Комментарий', 'textarea', 0, []]]]);
    const last = await postGroup(t, p, { project_id: p.owner.projectId, title: 'В конце', order: 99 });
    expect(shape(last.body.response)).toEqual(['В конце', 3, []]);

    const form = await formOf(t, p);
    expect(form.map((g) => [g.title, g.order])).toEqual([
      ['Заголовок', 0],
      ['О клиенте', 1],
      ['Контакты', 2],
      ['В конце', 3],
    ]);
    expect(form[2]).toEqual({ ...contacts, order: 2 });

    const history = await p.history('client_form.group_created');
    expect(history.map((h) => [h.actor_id, h.subject_id, h.message])).toEqual([
      [p.admin.id, contacts.id, 'Добавлена группа формы клиента «Контакты»: «Телефон», «Источник»'],
      [p.admin.id, top.body.response.id, 'Добавлена группа формы клиента «Заголовок»: без полей'],
      [p.admin.id, middle.body.response.id, 'Добавлена группа формы клиента «О клиенте»: «Комментарий»'],
      [p.admin.id, last.body.response.id, 'Добавлена группа формы клиента «В конце»: без полей'],
    ]);
    expect(JSON.parse(String(history[0]?.after))).toEqual(contacts);
  });

  it('replaces a group’s title and fields: updates those with ids, creates new ones, deletes those left out', async () => {
    const p = await pipelineProject(t);
    const a = await p.addCategory({ name: 'Новые' });
    const [contacts, origin] = (await savedForm(t, p)) as [FormGroup, FormGroup];
    const [phone, city] = contacts.fields as [FormGroup['fields'][number], FormGroup['fields'][number]];
    const client = await p.addClient(p.manager.token, {
      name: 'Иван',
      last_name: 'Петров',
      category_id: a.id,
      fields: [
        { field_id: phone.id, value: '79001234567' },
        { field_id: city.id, value: 'Казань' },
      ],
    });

    // The city leaves, the phone is renamed and goes second, a new field comes first.
    const res = await putGroup(t, p, contacts.id, {
      title: 'Связь',
      fields: [
        { type: 'social_network', name: 'Соцсеть' },
        { ...groupAsInput(contacts).fields[0], name: 'Мобильный' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const group = res.body.response as FormGroup;
    expect(group.id).toBe(contacts.id);
    expect(shape(group)).toEqual([
      'Связь',
      0,
      [
        ['Соцсеть', 'social_network', 0, []],
        ['Мобильный', 'phone_number', 1, []],
      ],
    ]);
    expect(group.fields[1]?.id).toBe(phone.id);
    // The other group is as it was; the form reads the same.
    expect(await formOf(t, p)).toEqual([group, origin]);
    const read = (await call(t.app, 'GET', p.urls.client(client.id), { token: p.manager.token })).body
      .response as Client;
    expect(read.fields).toEqual([{ field_id: phone.id, value: '79001234567' }]);

    const deleted = await p.history('client_form.field_deleted');
    expect(deleted.map((h) => [h.subject_id, h.message])).toEqual([
      [city.id, 'Удалено поле формы клиента «Город»; удалены его значения у клиентов: 1'],
    ]);
    const updated = await p.history('client_form.group_updated');
    expect(updated.map((h) => [h.actor_id, h.subject_id, h.message])).toEqual([
      [p.admin.id, contacts.id, 'Изменена группа формы клиента «Контакты» → «Связь»: «Соцсеть», «Мобильный»'],
    ]);
    expect(JSON.parse(String(updated[0]?.before))).toEqual(contacts);

    // Options as PUT /form saves them: kept by id, renamed, new ones added, the rest dropped.
    const [site, ad] = origin.fields[0]?.options ?? [];
    const source = groupAsInput(origin).fields[0];
    const options = await putGroup(t, p, origin.id, {
      title: 'Откуда',
      fields: [{ ...source, options: [{ id: ad?.id, name: 'Реклама ВК' }, { name: 'Друзья' }] }],
    });
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    expect(options.body.response.fields[0].options).toEqual([
      { id: ad?.id, name: 'Реклама ВК', clue: null },
      { id: expect.any(Number), name: 'Друзья', clue: null },
    ]);
    expect(options.body.response.fields[0].options.some((o: { id: number }) => o.id === site?.id)).toBe(
      false,
    );
    expect((await p.history('client_form.group_updated')).at(-1)?.message).toBe(
      'Изменена группа формы клиента «Откуда»: «Источник»',
    );

    // Sent back unchanged: the same group, no history entry.
    const same = await putGroup(t, p, contacts.id, groupAsInput(group));
    expect(same.status).toBe(200);
    expect(same.body.response).toEqual(group);
    expect(await p.history('client_form.group_updated')).toHaveLength(2);

    // A group emptied keeps its place.
    const emptied = await putGroup(t, p, contacts.id, { title: 'Связь', fields: [] });
    expect(shape(emptied.body.response)).toEqual(['Связь', 0, []]);
    expect((await formOf(t, p)).map((g) => g.id)).toEqual([contacts.id, origin.id]);
  });

  it('validates both with the field rules of PUT /form, and the project and the order of a new group', async () => {
    const p = await pipelineProject(t);
    const other = await pipelineProject(t, 'Чужой');
    const saved = await savedForm(t, p);
    const [contacts] = saved as [FormGroup];
    const base = { project_id: p.owner.projectId, title: 'Группа' };
    const createCases: [unknown, Record<string, string[]>][] = [
      [{ title: 'Группа' }, { project_id: ['Обязательное поле'] }],
      [
        { ...base, project_id: other.owner.projectId },
        { project_id: ['Группа создаётся только в проекте из адреса запроса'] },
      ],
      [{ ...base, order: -1 }, { order: ['Порядок: целое неотрицательное число'] }],
      [{ ...base, order: 1.5 }, { order: ['Порядок: целое неотрицательное число'] }],
      [{ ...base, title: 'я'.repeat(101) }, { title: ['Не более 100 символов'] }],
      [{ ...base, fields: [{ type: 'text' }] }, { 'fields.0.name': ['Обязательное поле'] }],
      [{ ...base, fields: [{ type: 'date', name: 'Поле' }] }, { 'fields.0.type': ['Выберите тип поля'] }],
      [
        { ...base, fields: [{ type: 'select', name: 'Выбор', options: [] }] },
        { 'fields.0.options': ['Добавьте хотя бы один вариант'] },
      ],
      [
        { ...base, fields: [{ type: 'select', name: 'Выбор', options: [{ name: 'А' }, { name: 'а' }] }] },
        { 'fields.0.options.1.name': ['Варианты не должны повторяться'] },
      ],
      [
        { ...base, fields: [{ type: 'text', name: 'Поле', is_searchable: true }] },
        { 'fields.0.is_searchable': ['Поиск по полю доступен только для выпадающего списка'] },
      ],
      // A new group has no fields yet: an existing field's id is refused, not moved.
      [
        { ...base, fields: [{ type: 'text', name: 'Город', id: contacts.fields[1]?.id }] },
        { 'fields.0.id': ['Поле формы не найдено'] },
      ],
    ];
    for (const [body, errors] of createCases) {
      const res = await postGroup(t, p, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors, JSON.stringify(body)).toEqual(errors);
    }
    const updateCases: [unknown, Record<string, string[]>][] = [
      [{ title: 'x', fields: [{ type: 'text', name: ' ' }] }, { 'fields.0.name': ['Обязательное поле'] }],
      [
        { title: 'x', fields: [{ type: 'text', name: 'Поле', size_percentage: 30 }] },
        { 'fields.0.size_percentage': ['Ширина: 25, 50 или 100 процентов'] },
      ],
      [{ title: 'x', fields: 'нет' }, { fields: expect.any(Array) }],
    ];
    for (const [body, errors] of updateCases) {
      const res = await putGroup(t, p, contacts.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors, JSON.stringify(body)).toEqual(errors);
    }
    expect(await formOf(t, p)).toEqual(saved);
    expect(await p.history('client_form.group_created')).toEqual([]);
    expect(await p.history('client_form.group_updated')).toEqual([]);
  });

  it(`refuses a group past ${FORM_GROUPS_MAX}`, async () => {
    const p = await pipelineProject(t);
    await savedForm(t, p, {
      groups: Array.from({ length: FORM_GROUPS_MAX }, (_, i) => ({ title: `Группа ${i + 1}` })),
    });
    const res = await postGroup(t, p, { project_id: p.owner.projectId, title: 'Лишняя' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ title: [`В форме не может быть больше ${FORM_GROUPS_MAX} групп`] });
  });

  it('refuses: anonymous 401, another project 404, a manager 403, a foreign group 404, another group’s field or option 422', async () => {
    const p = await pipelineProject(t);
    const other = await pipelineProject(t, 'Чужой');
    const theirs = await savedForm(t, other);
    const [theirGroup] = theirs as [FormGroup];
    const form = await savedForm(t, p);
    const [contacts, origin] = form as [FormGroup, FormGroup];
    const create = { project_id: p.owner.projectId, title: 'Новая' };
    const update = groupAsInput(contacts);

    expect((await postGroup(t, p, create, '')).status).toBe(401);
    expect((await putGroup(t, p, contacts.id, update, '')).status).toBe(401);
    expect((await postGroup(t, p, {}, '')).status).toBe(401);
    expect((await postGroup(t, p, create, other.admin.token)).status).toBe(404);
    expect((await putGroup(t, p, contacts.id, update, other.admin.token)).status).toBe(404);
    for (const token of [p.manager.token, p.second.token]) {
      expect((await postGroup(t, p, create, token)).status).toBe(403);
      expect((await putGroup(t, p, contacts.id, update, token)).status).toBe(403);
    }
    for (const id of [theirGroup.id, 999999]) {
      const res = await putGroup(t, p, id, update);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Группа не найдена');
    }
    expect(
      (
        await call(t.app, 'PUT', p.urls.formGroup(contacts.id).replace(/\d+$/, 'abc'), {
          token: p.admin.token,
          body: update,
        })
      ).status,
    ).toBe(404);

    const source = groupAsInput(origin).fields[0];
    const cases: [unknown, Record<string, string[]>][] = [
      // A field of another group of the form: refused (PUT /form is the way to move it).
      [{ ...update, fields: [...update.fields, source] }, { 'fields.2.id': ['Поле формы не найдено'] }],
      // Another project's field, or one named twice.
      [
        { ...update, fields: [{ ...update.fields[0], id: theirGroup.fields[0]?.id }] },
        { 'fields.0.id': ['Поле формы не найдено'] },
      ],
      [
        { ...update, fields: [update.fields[0], update.fields[0]] },
        { 'fields.1.id': ['Поле формы не найдено'] },
      ],
      // An option of another field.
      [
        {
          ...update,
          fields: [
            { type: 'select', name: 'Выбор', options: [{ id: source?.options[0]?.id, name: 'Сайт' }] },
          ],
        },
        { 'fields.0.options.0.id': ['Вариант не найден'] },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await putGroup(t, p, contacts.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors, JSON.stringify(body)).toEqual(errors);
    }
    expect(await formOf(t, p)).toEqual(form);
    expect(await formOf(t, other)).toEqual(theirs);
    expect(await p.history('client_form.group_updated')).toEqual([]);
  });
});
