import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWLEDGE_EXCERPT_LENGTH, KNOWLEDGE_SEARCH_COUNT_CAP, type KnowledgeSearchItem } from '@crm/contract';
import { call } from '../test/api.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { libraryProject, richText } from './knowledge.fixtures.js';
import { articleSearchTerms, excerptOf } from './knowledge-search.text.js';

describe('the library search (docs/product.md §4.12)', () => {
  let t: TestApp;
  let p: Awaited<ReturnType<typeof libraryProject>>;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await buildTestApp();
    p = await libraryProject(t);
    const scripts = await p.addTopic('Скрипты');
    const product = await p.addTopic('Продукт');
    const add = async (key: string, topic: number, title: string, ...text: string[]) => {
      ids[key] = (await p.addPost(topic, title, text.length > 0 ? richText(...text) : '')).id;
    };
    await add('call', scripts.id, 'Первый звонок', 'Позвоните клиенту в течение 15 минут после заявки.');
    await add(
      'objection',
      scripts.id,
      'Работа с возражениями',
      'Вступление. '.repeat(20),
      'Клиент говорит «ДОРОГО» — покажите ёмкую выгоду.',
      'Заключение. '.repeat(20),
    );
    await add('crm', product.id, 'Интеграция с 1С и CRM', 'Выгрузка счетов через API, e-mail уведомления.');
    await add('trial', product.id, 'Пробный период', 'Четырнадцать дней без карты.');
    const q = await libraryProject(t, 'Чужой');
    await q.addPost((await q.addTopic('Чужая')).id, 'Первый звонок у соседей', richText('Позвоните клиенту'));
  });
  afterAll(() => t.close());

  const search = async (text: string, page = 1) => {
    const res = await call(t.app, 'GET', p.urls.search(text, page), { token: p.manager.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.response as { data: KnowledgeSearchItem[]; total: number; total_capped: boolean; last_page: number };
  };
  const found = async (text: string) => (await search(text)).data.map((x) => x.id);

  it('finds titles and text: Cyrillic and Latin, any case, ё as е, a substring or a word prefix, every word', async () => {
    expect(await found('звонок')).toEqual([ids.call]);
    expect(await found('ЗВОНОК')).toEqual([ids.call]);
    expect(await found('вонк')).toEqual([]);
    expect(await found('звон')).toEqual([ids.call]);
    expect(await found('озраж')).toEqual([ids.objection]); // inside a word
    expect(await found('дорого')).toEqual([ids.objection]);
    expect(await found('емкую')).toEqual([ids.objection]);
    expect(await found('Ёмкую')).toEqual([ids.objection]);
    expect(await found('crm')).toEqual([ids.crm]);
    expect(await found('Api')).toEqual([ids.crm]);
    expect(await found('e-mail')).toEqual([ids.crm]);
    expect(await found('1с')).toEqual([ids.crm]); // two characters: the start of a word
    expect(await found('пр')).toEqual([ids.trial]);
    expect(await found('по')).toEqual([ids.objection, ids.call]); // «покажите», «Позвоните», «после»
    expect(await found('ов')).toEqual([]); // inside words only
    expect(await found('клиенту заявки')).toEqual([ids.call]);
    expect(await found('клиенту карты')).toEqual([]);
    expect(await found('п')).toEqual([]); // a single letter narrows nothing
    expect(await found('"%_\\')).toEqual([]);
    const items = (await search('клиент')).data;
    expect(items.map((x) => x.id)).toEqual([ids.objection, ids.call]); // newest first; not the other project's
    expect(items[1]).toEqual({
      id: ids.call,
      title: 'Первый звонок',
      category_id: expect.any(Number),
      category_name: 'Скрипты',
      excerpt: 'Позвоните клиенту в течение 15 минут после заявки.',
    });
  });

  it('answers an excerpt of the text around the first match', async () => {
    const [hit] = (await search('дорого')).data;
    expect(hit?.excerpt.startsWith('…')).toBe(true);
    expect(hit?.excerpt.endsWith('…')).toBe(true);
    expect(hit?.excerpt).toContain('Клиент говорит «ДОРОГО» — покажите ёмкую выгоду.');
    expect(hit?.excerpt.length).toBeLessThanOrEqual(KNOWLEDGE_EXCERPT_LENGTH + 2);
    // Only the title matched: the excerpt is the beginning of the text.
    const [title] = (await search('возражениями')).data;
    expect(title?.excerpt.startsWith('Вступление. Вступление.')).toBe(true);
    expect(title?.excerpt.endsWith('…')).toBe(true);
  });

  it('follows edits and deletes, pages and refuses a bad query', async () => {
    const edited = await call(t.app, 'PUT', p.urls.post(ids.trial!), {
      token: p.admin.token,
      body: { title: 'Тестовый доступ', content: richText('Две недели'), category_id: (await p.topics())[0]?.id },
    });
    expect(edited.status).toBe(200);
    expect(await found('пробный')).toEqual([]);
    expect(await found('тестовый')).toEqual([ids.trial]);
    expect(await found('недели')).toEqual([ids.trial]);
    const topic = (await p.topics())[0]!.id;
    for (let n = 0; n < 25; n += 1) await p.addPost(topic, `Памятка ${n}`, richText('Общий раздел'));
    const first = await search('памятка');
    expect([first.total, first.last_page, first.data.length, first.total_capped]).toEqual([25, 2, 20, false]);
    expect((await search('памятка', 2)).data).toHaveLength(5);
    expect((await search('памятка', 3)).data).toEqual([]);
    const removed = await call(t.app, 'DELETE', p.urls.post(ids.call!), { token: p.admin.token });
    expect(removed.status).toBe(200);
    expect(await found('звонок')).toEqual([]);
    for (const query of ['', '   ', 'я'.repeat(101)]) {
      const res = await call(t.app, 'GET', p.urls.search(query), { token: p.manager.token });
      expect(res.status, query).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['search']);
    }
  });
});

describe('a search with many matches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('counts to the cap and pages newest first, past the cap too (PostgreSQL walks the newest articles)', async () => {
    const p = await libraryProject(t);
    const topic = await p.addTopic('Много');
    const ids: number[] = [];
    for (let n = 1; n <= ((KNOWLEDGE_SEARCH_COUNT_CAP + 20) * 3) / 2; n += 1) {
      // Every third one does not match: the walk skips them.
      const text = n % 3 === 0 ? 'Другое' : `Регламент номер ${n}`;
      const post = await p.addPost(topic.id, `Статья ${n}`, richText(text));
      if (n % 3 !== 0) ids.unshift(post.id);
    }
    const page = async (n: number) => {
      const res = await call(t.app, 'GET', p.urls.search('регламент', n), { token: p.manager.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.response as { data: KnowledgeSearchItem[]; total: number; total_capped: boolean; last_page: number };
    };
    const first = await page(1);
    expect([first.total, first.total_capped, first.last_page]).toEqual([KNOWLEDGE_SEARCH_COUNT_CAP, true, KNOWLEDGE_SEARCH_COUNT_CAP / 20]);
    expect(first.data.map((x) => x.id)).toEqual(ids.slice(0, 20));
    const last = KNOWLEDGE_SEARCH_COUNT_CAP / 20;
    expect((await page(last)).data.map((x) => x.id)).toEqual(ids.slice((last - 1) * 20, last * 20));
    expect((await page(last + 1)).data).toEqual([]);
  });
});

describe('search terms and excerpts', () => {
  it('reads words of 3+ as substrings, of 2 as word starts, drops single letters', () => {
    expect(articleSearchTerms('Ёлка, ПР и x-ray')).toEqual(['елка', ' пр', 'ray']);
    expect(articleSearchTerms('и а')).toBeNull();
  });

  it('cuts at spaces around the first match, with … where cut', () => {
    const text = richText(`${'слово '.repeat(60)}находка ${'хвост '.repeat(60)}`);
    const excerpt = excerptOf(text, ['находк']);
    expect(excerpt).toMatch(/^…слово .* находка хвост .*…$/);
    expect(excerpt.length).toBeLessThanOrEqual(KNOWLEDGE_EXCERPT_LENGTH + 2);
    expect(excerptOf(richText('Коротко'), ['нет'])).toBe('Коротко');
    expect(excerptOf('', ['нет'])).toBe('');
  });
});
