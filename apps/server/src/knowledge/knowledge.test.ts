import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KNOWLEDGE_POSTS_PER_PAGE,
  RICH_TEXT_INVALID,
  RICH_TEXT_MAX_LENGTH,
  type KnowledgePost,
} from '@crm/contract';
import { call } from '../test/api.js';
import { userIdOf } from '../test/members.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { libraryProject, richText } from './knowledge.fixtures.js';

describe('knowledge topics (docs/product.md §4.12)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('adds, lists by name with article counts, renames and records each change', async () => {
    const p = await libraryProject(t);
    expect(await p.topics()).toEqual([]);
    const scripts = await p.addTopic('  Скрипты звонков ');
    expect(scripts).toEqual({ id: expect.any(Number), name: 'Скрипты звонков', posts_count: 0 });
    const objections = await p.addTopic('Возражения');
    await p.addPost(scripts.id, 'Первый звонок');
    await p.addPost(scripts.id, 'Повторный звонок');
    expect(await p.topics()).toEqual([
      { id: objections.id, name: 'Возражения', posts_count: 0 },
      { id: scripts.id, name: 'Скрипты звонков', posts_count: 2 },
    ]);

    const renamed = await call(t.app, 'PUT', p.urls.category(objections.id), {
      token: p.owner.token,
      body: { name: 'Работа с возражениями' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.response).toEqual({ id: objections.id, name: 'Работа с возражениями', posts_count: 0 });
    // The same name again changes nothing and writes no history.
    const same = await call(t.app, 'PUT', p.urls.category(scripts.id), {
      token: p.admin.token,
      body: { name: 'Скрипты звонков' },
    });
    expect(same.body.response).toEqual({ id: scripts.id, name: 'Скрипты звонков', posts_count: 2 });

    expect((await p.history('knowledge_category.created')).map((h) => [h.actor_id, h.message])).toEqual([
      [p.admin.id, 'Создана тема библиотеки знаний «Скрипты звонков»'],
      [p.admin.id, 'Создана тема библиотеки знаний «Возражения»'],
    ]);
    const [rename] = await p.history('knowledge_category.updated');
    expect(rename?.message).toBe('Тема библиотеки знаний переименована: «Возражения» → «Работа с возражениями»');
    expect(JSON.parse(String(rename?.before))).toEqual({ id: objections.id, name: 'Возражения' });
    expect(JSON.parse(String(rename?.after))).toEqual({ id: objections.id, name: 'Работа с возражениями' });
    expect(await p.history('knowledge_category.updated')).toHaveLength(1);
  });

  it('refuses a blank, too long or taken name (whatever its case, Cyrillic too)', async () => {
    const p = await libraryProject(t);
    const topic = await p.addTopic('Продукт');
    const other = await p.addTopic('Тарифы');
    const post = (body: unknown) => call(t.app, 'POST', p.urls.categories, { token: p.admin.token, body });
    for (const [body, message] of [
      [{ name: '   ' }, 'Обязательное поле'],
      [{}, 'Обязательное поле'],
      [{ name: 'я'.repeat(101) }, 'Не более 100 символов'],
      [{ name: 'ПРОДУКТ' }, 'Тема с таким названием уже есть'],
      [{ name: ' продукт ' }, 'Тема с таким названием уже есть'],
    ] as const) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors).toEqual({ name: [message] });
    }
    expect((await post({ name: 'я'.repeat(100) })).status).toBe(201);
    const rename = await call(t.app, 'PUT', p.urls.category(other.id), { token: p.admin.token, body: { name: 'продукт' } });
    expect(rename.status).toBe(422);
    expect(rename.body.errors).toEqual({ name: ['Тема с таким названием уже есть'] });
    // A topic may change the case of its own name.
    const recase = await call(t.app, 'PUT', p.urls.category(topic.id), { token: p.admin.token, body: { name: 'ПРОДУКТ' } });
    expect(recase.status).toBe(200);
    expect(recase.body.response.name).toBe('ПРОДУКТ');
    // Another project may have the same name.
    const q = await libraryProject(t, 'Другой');
    expect((await q.addTopic('Продукт')).name).toBe('Продукт');
  });

  it('deletes an empty topic plainly; one with articles only by the caller’s choice: moved or deleted with it', async () => {
    const p = await libraryProject(t);
    const empty = await p.addTopic('Пустая');
    const scripts = await p.addTopic('Скрипты');
    const target = await p.addTopic('Архив');
    const posts = await Promise.all([
      p.addPost(scripts.id, 'Первый звонок', richText('Позвоните в течение часа')),
      p.addPost(scripts.id, 'Второй звонок'),
    ]);
    const remove = (id: number, query = '') =>
      call(t.app, 'DELETE', `${p.urls.category(id)}${query}`, { token: p.admin.token });

    const plain = await remove(empty.id);
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(plain.body.response).toEqual({ ok: true });

    const unasked = await remove(scripts.id);
    expect(unasked.status).toBe(422);
    expect(unasked.body.message).toBe(
      'В теме «Скрипты» 2 статьи: выберите, перенести их в другую тему или удалить',
    );
    expect(unasked.body.errors).toEqual({ posts: [unasked.body.message] });
    for (const [query, field, message] of [
      ['?posts=move', 'to', 'Выберите тему, куда перенести статьи'],
      [`?posts=move&to=${scripts.id}`, 'to', 'Выберите другую тему'],
      [`?posts=move&to=${empty.id}`, 'to', 'Тема не найдена'],
      ['?posts=keep', 'posts', 'Выберите: перенести статьи или удалить их'],
    ] as const) {
      const res = await remove(scripts.id, query);
      expect(res.status, query).toBe(422);
      expect(res.body.errors, query).toEqual({ [field]: [message] });
    }
    expect((await p.topics()).map((c) => [c.name, c.posts_count])).toEqual([
      ['Архив', 0],
      ['Скрипты', 2],
    ]);

    const moved = await remove(scripts.id, `?posts=move&to=${target.id}`);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await p.topics()).map((c) => [c.name, c.posts_count])).toEqual([['Архив', 2]]);
    const first = await call(t.app, 'GET', p.urls.post(posts[0].id), { token: p.manager.token });
    expect(first.body.response.category_id).toBe(target.id);
    expect((await call(t.app, 'GET', p.urls.search('часа'), { token: p.manager.token })).body.response.total).toBe(1);

    const deleted = await remove(target.id, '?posts=delete');
    expect(deleted.status).toBe(200);
    expect(await p.topics()).toEqual([]);
    expect((await call(t.app, 'GET', p.urls.post(posts[0].id), { token: p.manager.token })).status).toBe(404);
    expect((await call(t.app, 'GET', p.urls.search('часа'), { token: p.manager.token })).body.response.total).toBe(0);

    expect((await p.history('knowledge_category.deleted')).map((h) => h.message)).toEqual([
      'Удалена тема библиотеки знаний «Пустая»',
      'Удалена тема библиотеки знаний «Скрипты»; её статьи (2 статьи) перенесены в «Архив»',
      'Удалена тема библиотеки знаний «Архив»; её статьи (2 статьи) удалены вместе с ней',
    ]);
  });
});

describe('knowledge articles (docs/product.md §4.12)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('writes, reads, edits, moves and deletes an article, recording each', async () => {
    const p = await libraryProject(t);
    const scripts = await p.addTopic('Скрипты');
    const tariffs = await p.addTopic('Тарифы');
    const content = JSON.stringify([
      { type: 'paragraph', children: [{ text: 'Звоните ', bold: true }, { text: 'сразу', color: '#C0392B', fontSize: '20px' }] },
      { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: 'Поздоровайтесь', italic: true }] }] },
    ]);
    t.clock.set('2026-11-20T09:00:00Z');
    const created = await call(t.app, 'POST', p.urls.categoryPosts(scripts.id), {
      token: p.admin.token,
      body: { title: '  Первый звонок ', content },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const post = created.body.response as KnowledgePost;
    expect(post).toEqual({
      id: expect.any(Number),
      title: 'Первый звонок',
      content,
      category_id: scripts.id,
      created_at: expect.stringMatching(/^2026-11-20T09:00/),
      updated_at: expect.stringMatching(/^2026-11-20T09:00/),
    });
    expect((await call(t.app, 'GET', p.urls.post(post.id), { token: p.manager.token })).body.response).toEqual(post);
    // Content left out is the empty text.
    const bare = await call(t.app, 'POST', p.urls.categoryPosts(scripts.id), { token: p.admin.token, body: { title: 'Пусто' } });
    expect(bare.body.response.content).toBe('');

    t.clock.set('2026-11-21T10:00:00Z');
    const edited = await call(t.app, 'PUT', p.urls.post(post.id), {
      token: p.owner.token,
      body: { title: 'Первый звонок по заявке', content: richText('Новый текст'), category_id: tariffs.id },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.response).toEqual({
      ...post,
      title: 'Первый звонок по заявке',
      content: richText('Новый текст'),
      category_id: tariffs.id,
      updated_at: expect.stringMatching(/^2026-11-21T10:00/),
    });
    expect((await p.topics()).map((c) => [c.name, c.posts_count])).toEqual([
      ['Скрипты', 1],
      ['Тарифы', 1],
    ]);

    const removed = await call(t.app, 'DELETE', p.urls.post(post.id), { token: p.admin.token });
    expect(removed.status).toBe(200);
    expect(removed.body.response).toEqual({ ok: true });
    expect((await call(t.app, 'GET', p.urls.post(post.id), { token: p.admin.token })).status).toBe(404);
    expect((await p.topics()).map((c) => [c.name, c.posts_count])).toEqual([
      ['Скрипты', 1],
      ['Тарифы', 0],
    ]);

    expect((await p.history('knowledge_post.created')).map((h) => h.message)).toEqual([
      'Добавлена статья «Первый звонок» в тему «Скрипты»',
      'Добавлена статья «Пусто» в тему «Скрипты»',
    ]);
    const [update] = await p.history('knowledge_post.updated');
    expect(update?.actor_id).toBe(await userIdOf(t.app, p.owner.token));
    expect(update?.message).toBe(
      'Статья «Первый звонок» изменена: название «Первый звонок» → «Первый звонок по заявке»; изменён текст; тема «Скрипты» → «Тарифы»',
    );
    expect(JSON.parse(String(update?.before))).toEqual({
      id: post.id,
      title: 'Первый звонок',
      category_id: scripts.id,
      category_name: 'Скрипты',
    });
    expect((await p.history('knowledge_post.deleted')).map((h) => h.message)).toEqual([
      'Удалена статья «Первый звонок по заявке» из темы «Тарифы»',
    ]);
  });

  it('refuses a bad, too long or missing title and a text that is not the editor’s tree', async () => {
    const p = await libraryProject(t);
    const topic = await p.addTopic('Скрипты');
    const create = (body: unknown) => call(t.app, 'POST', p.urls.categoryPosts(topic.id), { token: p.admin.token, body });
    for (const [body, field, message] of [
      [{ title: '  ' }, 'title', 'Обязательное поле'],
      [{ content: '' }, 'title', 'Обязательное поле'],
      [{ title: 'я'.repeat(256) }, 'title', 'Не более 255 символов'],
      [{ title: 'Т', content: 'просто текст' }, 'content', `${RICH_TEXT_INVALID} (не JSON)`],
      [{ title: 'Т', content: '[{"type":"heading","children":[{"text":"x"}]}]' }, 'content', `${RICH_TEXT_INVALID} (0.type)`],
      [{ title: 'Т', content: [{ type: 'paragraph', children: [{ text: 'x' }] }] }, 'content', RICH_TEXT_INVALID],
    ] as const) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors[field]?.[0], JSON.stringify(body)).toBe(message);
    }
    const huge = JSON.stringify([{ type: 'paragraph', children: [{ text: 'я'.repeat(RICH_TEXT_MAX_LENGTH) }] }]);
    const tooLong = await create({ title: 'Т', content: huge });
    expect(tooLong.status).toBe(422);
    expect(Object.keys(tooLong.body.errors)).toEqual(['content']);
    expect((await create({ title: 'я'.repeat(255) })).status).toBe(201);

    const post = await p.addPost(topic.id, 'Статья');
    const update = (body: unknown) => call(t.app, 'PUT', p.urls.post(post.id), { token: p.admin.token, body });
    const noTopic = await update({ title: 'Статья' });
    expect(noTopic.status).toBe(422);
    expect(noTopic.body.errors).toEqual({ category_id: ['Выберите тему'] });
    const q = await libraryProject(t, 'Чужой');
    const foreign = await q.addTopic('Чужая тема');
    const foreignTopic = await update({ title: 'Статья', category_id: foreign.id });
    expect(foreignTopic.status).toBe(422);
    expect(foreignTopic.body.errors).toEqual({ category_id: ['Тема не найдена'] });
    expect((await update({ title: 'Статья', content: 'нет', category_id: topic.id })).status).toBe(422);
  });

  it('pages a topic and the whole library newest first, 10 a page', async () => {
    const p = await libraryProject(t);
    const big = await p.addTopic('Большая');
    const small = await p.addTopic('Маленькая');
    const start = Date.parse('2026-11-01T00:00:00Z');
    for (let n = 1; n <= 45; n += 1) {
      t.clock.set(new Date(start + n * 60_000).toISOString());
      await p.addPost(big.id, `Статья ${n}`);
    }
    // Same moment: the id breaks the tie.
    await p.addPost(small.id, 'Маленькая 1');
    await p.addPost(small.id, 'Маленькая 2');
    const page = async (query: string) => {
      const res = await call(t.app, 'GET', `${p.urls.posts}${query}`, { token: p.manager.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.response;
    };
    const first = await page(`?category=${big.id}`);
    expect(first.per_page).toBe(KNOWLEDGE_POSTS_PER_PAGE);
    expect([first.total, first.current_page, first.last_page]).toEqual([45, 1, 5]);
    expect(first.data).toHaveLength(10);
    expect(first.data.map((x: KnowledgePost) => x.title).slice(0, 3)).toEqual(['Статья 45', 'Статья 44', 'Статья 43']);
    const last = await page(`?category=${big.id}&page=5`);
    expect(last.data.map((x: KnowledgePost) => x.title)).toEqual(['Статья 5', 'Статья 4', 'Статья 3', 'Статья 2', 'Статья 1']);
    expect((await page(`?category=${big.id}&page=6`)).data).toEqual([]);
    expect((await page(`?category=${small.id}`)).data.map((x: KnowledgePost) => x.title)).toEqual([
      'Маленькая 2',
      'Маленькая 1',
    ]);
    const all = await page('');
    expect([all.total, all.last_page]).toEqual([47, 5]);
    expect(all.data[0].title).toBe('Маленькая 2');
    expect((await call(t.app, 'GET', `${p.urls.posts}?page=0`, { token: p.manager.token })).status).toBe(422);
    const q = await libraryProject(t, 'Чужой');
    const foreign = await q.addTopic('Чужая');
    expect((await call(t.app, 'GET', `${p.urls.posts}?category=${foreign.id}`, { token: p.manager.token })).status).toBe(404);
  });
});

describe('who may use the library (docs/product.md §3)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('lets every member read, only admins write; anonymous 401, another project 404, foreign ids 404', async () => {
    const p = await libraryProject(t);
    const topic = await p.addTopic('Скрипты');
    const post = await p.addPost(topic.id, 'Первый звонок', richText('Текст'));
    const q = await libraryProject(t, 'Чужой');
    const foreignTopic = await q.addTopic('Чужая');
    const foreignPost = await q.addPost(foreignTopic.id, 'Чужая статья');
    const u = p.urls;
    const reads = [u.categories, u.posts, `${u.posts}?category=${topic.id}`, u.post(post.id), u.search('звонок')];
    const writes: [string, string, unknown][] = [
      ['POST', u.categories, { name: 'Новая' }],
      ['PUT', u.category(topic.id), { name: 'Другое' }],
      ['DELETE', u.category(topic.id), undefined],
      ['POST', u.categoryPosts(topic.id), { title: 'Т' }],
      ['PUT', u.post(post.id), { title: 'Т', category_id: topic.id }],
      ['DELETE', u.post(post.id), undefined],
    ];
    for (const url of reads) {
      expect((await call(t.app, 'GET', url, { token: p.manager.token })).status, url).toBe(200);
      expect((await call(t.app, 'GET', url, { token: null })).status, url).toBe(401);
      expect((await call(t.app, 'GET', url, { token: q.admin.token })).status, url).toBe(404);
    }
    for (const [method, url, body] of writes) {
      const asManager = await call(t.app, method as 'POST', url, { token: p.manager.token, body });
      expect(asManager.status, `${method} ${url}`).toBe(403);
      expect(asManager.body.message).toBe('Недостаточно прав для этого действия');
      expect((await call(t.app, method as 'POST', url, { token: null, body })).status, `${method} ${url}`).toBe(401);
      expect((await call(t.app, method as 'POST', url, { token: q.admin.token, body })).status, `${method} ${url}`).toBe(404);
    }
    // Another project's ids in this project's paths.
    for (const [method, url, body] of [
      ['GET', u.post(foreignPost.id), undefined],
      ['PUT', u.post(foreignPost.id), { title: 'Т', category_id: topic.id }],
      ['DELETE', u.post(foreignPost.id), undefined],
      ['PUT', u.category(foreignTopic.id), { name: 'Т' }],
      ['DELETE', u.category(foreignTopic.id), undefined],
      ['POST', u.categoryPosts(foreignTopic.id), { title: 'Т' }],
      ['GET', u.post(999_999), undefined],
    ] as const) {
      const res = await call(t.app, method, url, { token: p.admin.token, body });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    // Nothing of the refused writes happened.
    expect(await p.topics()).toEqual([{ id: topic.id, name: 'Скрипты', posts_count: 1 }]);
    expect((await q.topics(q.manager.token)).map((c) => c.posts_count)).toEqual([1]);
  });
});
