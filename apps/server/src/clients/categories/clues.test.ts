import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RICH_TEXT_MAX_LENGTH } from '@crm/contract';
import { call } from '../../test/api.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { hint, pipelineProject } from '../../test/pipeline-project.js';

describe('clues: rich-text hints on categories', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const rich = [
    { type: 'paragraph', children: [{ text: 'Позвонить', bold: true, color: '#FF0000', fontSize: '20px' }] },
    {
      type: 'numbered-list',
      children: [
        { type: 'list-item', children: [{ text: 'Представиться', italic: true }] },
        { type: 'list-item', children: [{ text: 'Узнать бюджет', underline: true, strikethrough: false }] },
      ],
    },
    { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: '' }] }] },
  ];

  it('creates, shows with its category, edits and deletes a hint; one per category', async () => {
    const p = await pipelineProject(t);
    const a = await p.addCategory({ name: 'Новые' });
    const created = await call(t.app, 'POST', p.urls.clues('client_category'), {
      token: p.admin.token,
      body: { clue: JSON.stringify(rich), type_id: a.id },
    });
    expect(created.status).toBe(201);
    const clue = {
      id: expect.any(Number),
      type: 'client_category',
      type_id: a.id,
      clue: JSON.stringify(rich),
    };
    expect(created.body.response).toEqual(clue);
    expect((await p.categories())[0]?.clue).toEqual(clue);

    const twice = await call(t.app, 'POST', p.urls.clues('client_category'), {
      token: p.admin.token,
      body: { clue: hint('Ещё'), type_id: a.id },
    });
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual({ type_id: ['У этой категории уже есть подсказка: измените её'] });

    const id = created.body.response.id as number;
    const edited = await call(t.app, 'PUT', p.urls.clue(id), {
      token: p.admin.token,
      body: { clue: hint('Позвоните сразу') },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.response.clue).toBe(hint('Позвоните сразу'));
    // A hint blank in every block is saved as an empty string.
    const blank = await call(t.app, 'PUT', p.urls.clue(id), { token: p.admin.token, body: { clue: '' } });
    expect(blank.body.response.clue).toBe('');
    expect((await p.categories())[0]?.clue?.clue).toBe('');

    const removed = await call(t.app, 'DELETE', p.urls.clue(id), { token: p.admin.token });
    expect(removed.body).toEqual({ success: true, response: { ok: true } });
    expect((await p.categories())[0]?.clue).toBeNull();
    expect(
      (await call(t.app, 'PUT', p.urls.clue(id), { token: p.admin.token, body: { clue: '' } })).status,
    ).toBe(404);

    expect((await p.history('clue.created')).map((h) => h.message)).toEqual([
      'Добавлена подсказка к категории «Новые»',
    ]);
    expect((await p.history('clue.updated')).map((h) => h.message)).toEqual([
      'Изменена подсказка к категории «Новые»',
      'Изменена подсказка к категории «Новые»',
    ]);
    expect((await p.history('clue.deleted')).map((h) => h.message)).toEqual([
      'Удалена подсказка к категории «Новые»',
    ]);
  });

  it('accepts only the rich-text format, as a JSON string of bounded size', async () => {
    const p = await pipelineProject(t);
    const a = await p.addCategory({ name: 'Новые' });
    const post = (clue: unknown) =>
      call(t.app, 'POST', p.urls.clues('client_category'), {
        token: p.admin.token,
        body: { clue, type_id: a.id },
      });
    const para = (leaf: object) =>
      JSON.stringify([{ type: 'paragraph', children: [{ text: 'x', ...leaf }] }]);
    const cases: [unknown, string][] = [
      ['{не json', 'Некорректный формат текста (не JSON)'],
      [rich, 'Некорректный формат текста'],
      [null, 'Некорректный формат текста'],
      [JSON.stringify([]), 'Некорректный формат текста'],
      [JSON.stringify({ type: 'paragraph' }), 'Некорректный формат текста'],
      [
        JSON.stringify([{ type: 'heading', children: [{ text: 'x' }] }]),
        'Некорректный формат текста (0.type)',
      ],
      [JSON.stringify([{ type: 'paragraph', children: [] }]), 'Некорректный формат текста (0.children)'],
      [para({ fontSize: '15px' }), 'Некорректный формат текста (0.children.0.fontSize)'],
      [para({ color: 'red' }), 'Некорректный формат текста (0.children.0.color)'],
      [para({ bold: 'yes' }), 'Некорректный формат текста (0.children.0.bold)'],
      [para({ script: 'alert(1)' }), 'Некорректный формат текста (0.children.0)'],
      [
        JSON.stringify([
          { type: 'bulleted-list', children: [{ type: 'paragraph', children: [{ text: 'x' }] }] },
        ]),
        'Некорректный формат текста (0.children.0.type)',
      ],
      [
        JSON.stringify(Array.from({ length: 501 }, () => ({ type: 'paragraph', children: [{ text: '' }] }))),
        'Некорректный формат текста',
      ],
      [hint('я'.repeat(RICH_TEXT_MAX_LENGTH)), 'Текст слишком длинный: не более 100\u00a0000 символов'],
    ];
    for (const [clue, message] of cases) {
      const res = await post(clue);
      expect(res.status, String(clue).slice(0, 80)).toBe(422);
      expect(res.body.errors?.clue?.[0], String(clue).slice(0, 80)).toContain(message);
    }
    expect((await p.categories())[0]?.clue).toBeNull();
    expect((await post(hint('я'.repeat(RICH_TEXT_MAX_LENGTH - 100)))).status).toBe(201);
  });

  it('refuses what it cannot attach to: a category of another project, a select option (form not built yet), an unknown type', async () => {
    const p = await pipelineProject(t);
    const other = await pipelineProject(t, 'Чужой');
    const foreign = await other.addCategory({ name: 'Чужая' });
    const post = (type: string, body: unknown) =>
      call(t.app, 'POST', p.urls.clues(type), { token: p.admin.token, body });
    expect((await post('client_category', { clue: hint('x'), type_id: foreign.id })).body.errors).toEqual({
      type_id: ['Категория клиентов не найдена'],
    });
    expect((await post('client_category', { clue: hint('x') })).body.errors).toEqual({
      type_id: ['Обязательное поле'],
    });
    const option = await post('form_field_option', { clue: hint('x'), type_id: 1 });
    expect(option.status).toBe(422);
    expect(option.body.errors).toEqual({ type_id: ['Вариант поля формы не найден'] });
    expect((await post('client', { clue: hint('x'), type_id: 1 })).status).toBe(404);

    // Another project's hint by id: not found, for editing and deleting.
    const theirs = await call(t.app, 'POST', other.urls.clues('client_category'), {
      token: other.admin.token,
      body: { clue: hint('Их'), type_id: foreign.id },
    });
    const id = theirs.body.response.id as number;
    expect(
      (await call(t.app, 'PUT', p.urls.clue(id), { token: p.admin.token, body: { clue: '' } })).status,
    ).toBe(404);
    expect((await call(t.app, 'DELETE', p.urls.clue(id), { token: p.admin.token })).status).toBe(404);
    expect((await other.categories())[0]?.clue?.clue).toBe(hint('Их'));
  });

  it('refuses: the anonymous 401, another project 404, a manager 403', async () => {
    const p = await pipelineProject(t);
    const a = await p.addCategory({ name: 'Новые' });
    const created = await call(t.app, 'POST', p.urls.clues('client_category'), {
      token: p.admin.token,
      body: { clue: hint('x'), type_id: a.id },
    });
    const id = created.body.response.id as number;
    const outsider = await pipelineProject(t, 'Чужой');
    const calls: ['POST' | 'PUT' | 'DELETE', string, unknown][] = [
      ['POST', p.urls.clues('client_category'), { clue: hint('y'), type_id: a.id }],
      ['PUT', p.urls.clue(id), { clue: hint('y') }],
      ['DELETE', p.urls.clue(id), undefined],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(t.app, method, url, { body })).status).toBe(401);
      expect((await call(t.app, method, url, { token: outsider.admin.token, body })).status).toBe(404);
      expect((await call(t.app, method, url, { token: p.manager.token, body })).status).toBe(403);
    }
    expect((await p.categories())[0]?.clue?.clue).toBe(hint('x'));
  });
});
