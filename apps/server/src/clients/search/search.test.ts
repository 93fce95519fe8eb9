import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_SEARCH_COUNT_CAP,
  clientsEndpoints,
  type ClientSearchPage,
  statusesEndpoints,
  teamEndpoints,
  type Client,
  type ClientCreateBody,
  type FormFieldType,
  type FormGroup,
} from '@crm/contract';
import { call, urlOf } from '../../test/api.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { pipelineProject } from '../../test/pipeline-project.js';
import {
  refreshClientSearch,
  searchClientRows,
  searchedClientKeys,
  sortMatches,
  type ClientSearch,
  type SqliteWay,
} from './search.repository.js';
import { searchTerms } from './search.text.js';

type Project = Awaited<ReturnType<typeof pipelineProject>>;

const field = (type: FormFieldType, name: string, extra: Record<string, unknown> = {}) => ({
  type,
  name,
  ...extra,
});

/** Every searchable kind of value, a searchable select and one that is not. */
const form = {
  groups: [
    {
      title: 'Контакты',
      fields: [
        field('phone_number', 'Телефон'),
        field('text', 'Город'),
        field('social_network', 'Соцсеть'),
        field('textarea', 'Заметки'),
        field('select', 'Источник', {
          is_searchable: true,
          options: [{ name: 'Сайт' }, { name: 'Реклама' }],
        }),
        field('select', 'Тип', { options: [{ name: 'Опт' }] }),
      ],
    },
  ],
};

async function saveForm(t: TestApp, p: Project, body: unknown) {
  const res = await call(t.app, 'PUT', p.urls.form, { token: p.admin.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const fields = (res.body.response as FormGroup[]).flatMap((g) => g.fields);
  const byName = (name: string) => fields.find((f) => f.name === name)!;
  return { groups: res.body.response as FormGroup[], byName };
}

const names = (clients: Client[]) => clients.map((c) => `${c.name} ${c.last_name}`);

/** A project with a form and clients of three owners, created a minute apart. */
async function searchProject(t: TestApp) {
  const p = await pipelineProject(t);
  const a = await p.addCategory({ name: 'Новые' });
  const b = await p.addCategory({ name: 'В работе' });
  const { byName, groups } = await saveForm(t, p, form);
  const [site, ad] = byName('Источник').options;
  const value = (name: string, v: string) => ({ field_id: byName(name).id, value: v });
  const add = async (token: string, body: ClientCreateBody) => {
    t.clock.advance(60_000);
    return p.addClient(token, body);
  };
  const ivan = await add(p.manager.token, {
    name: 'Иван',
    last_name: 'Петров',
    amount: 100,
    traffic: true,
    category_id: a.id,
    fields: [value('Телефон', '79001234567'), value('Город', 'Москва'), value('Источник', String(site!.id))],
  });
  const olga = await add(p.manager.token, {
    name: 'Ольга',
    last_name: 'Смирнова',
    amount: 500,
    category_id: b.id,
    fields: [value('Заметки', 'Любит зелёный чай'), value('Источник', String(ad!.id))],
  });
  const john = await add(p.manager.token, {
    name: 'John',
    last_name: 'Smith',
    amount: 100,
    category_id: a.id,
    fields: [value('Соцсеть', 'https://www.instagram.com/johnny')],
  });
  const petr = await add(p.second.token, {
    name: 'Пётр',
    last_name: 'Иванов',
    amount: 200,
    category_id: a.id,
    fields: [value('Телефон', '79997654321')],
  });
  const alena = await add(p.admin.token, {
    name: 'Алёна',
    last_name: 'Ёлкина',
    amount: 50,
    category_id: b.id,
    fields: [value('Город', 'Санкт-Петербург')],
  });
  const url = urlOf(clientsEndpoints.search, { projectId: p.owner.projectId });
  const ask = (query: Record<string, string | number>, token = p.admin.token) =>
    call(
      t.app,
      'GET',
      `${url}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
      {
        token,
      },
    );
  /** The names found (one page), expecting success. */
  const find = async (query: Record<string, string | number>, token = p.admin.token) => {
    const res = await ask(query, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return names(res.body.response.data as Client[]);
  };
  return {
    p,
    a,
    b,
    byName,
    groups,
    site: site!,
    ad: ad!,
    clients: { ivan, olga, john, petr, alena },
    url,
    ask,
    find,
  };
}

describe('the global client search (docs/product.md §4.8)', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof searchProject>>;
  beforeAll(async () => {
    t = await buildTestApp();
    s = await searchProject(t);
  });
  afterAll(() => t.close());

  it('matches Cyrillic and Latin in any case, in the middle of a word, newest first by default', async () => {
    expect(await s.find({ search: 'иван' })).toEqual(['Пётр Иванов', 'Иван Петров']);
    expect(await s.find({ search: 'ИВАН' })).toEqual(['Пётр Иванов', 'Иван Петров']);
    expect(await s.find({ search: 'ванов' })).toEqual(['Пётр Иванов']);
    expect(await s.find({ search: 'smi' })).toEqual(['John Smith']);
    expect(await s.find({ search: 'SMITH' })).toEqual(['John Smith']);
    expect(await s.find({ search: 'ohn' })).toEqual(['John Smith']);
    // ё and е are one letter to the search.
    expect(await s.find({ search: 'елкин' })).toEqual(['Алёна Ёлкина']);
    expect(await s.find({ search: 'ЁЛК' })).toEqual(['Алёна Ёлкина']);
    expect(await s.find({ search: 'петр' })).toEqual(['Пётр Иванов', 'Иван Петров']);
    // Every word must be found.
    expect(await s.find({ search: 'петров иван' })).toEqual(['Иван Петров']);
    expect(await s.find({ search: 'ольга smith' })).toEqual([]);
    expect(await s.find({ search: 'нет такого' })).toEqual([]);
  });

  it('takes words of one or two letters as the start of the name or the last name', async () => {
    expect(await s.find({ search: 'ив' })).toEqual(['Пётр Иванов', 'Иван Петров']);
    expect(await s.find({ search: 'П' })).toEqual(['Пётр Иванов', 'Иван Петров']);
    expect(await s.find({ search: 's' })).toEqual(['John Smith']);
    expect(await s.find({ search: 'jo' })).toEqual(['John Smith']);
    expect(await s.find({ search: 'е' })).toEqual(['Алёна Ёлкина']);
    // Not a substring: "ва" is inside Иванов and Петров, at the start of nothing.
    expect(await s.find({ search: 'ва' })).toEqual([]);
    expect(await s.find({ search: 'ол чай' })).toEqual(['Ольга Смирнова']);
    expect(await s.find({ search: 'ив петров' })).toEqual(['Иван Петров']);
    // LIKE's own characters are plain letters.
    expect(await s.find({ search: '%' })).toEqual([]);
    expect(await s.find({ search: '_' })).toEqual([]);
  });

  it('finds phones by their digits and text values, not select options', async () => {
    expect(await s.find({ search: '900123' })).toEqual(['Иван Петров']);
    expect(await s.find({ search: '+7 (900) 123-45' })).toEqual(['Иван Петров']);
    expect(await s.find({ search: '7654' })).toEqual(['Пётр Иванов']);
    expect(await s.find({ search: 'москв' })).toEqual(['Иван Петров']);
    expect(await s.find({ search: 'ЗЕЛЕНЫЙ' })).toEqual(['Ольга Смирнова']);
    expect(await s.find({ search: 'петербург' })).toEqual(['Алёна Ёлкина']);
    expect(await s.find({ search: 'johnny' })).toEqual(['John Smith']);
    expect(await s.find({ search: 'instagram' })).toEqual(['John Smith']);
    expect(await s.find({ search: 'www' })).toEqual([]);
    expect(await s.find({ search: 'сайт' })).toEqual([]);
  });

  it('filters by category, status, manager, traffic and a searchable option, with or without words', async () => {
    const { p } = s;
    const everyone = ['Алёна Ёлкина', 'Пётр Иванов', 'John Smith', 'Ольга Смирнова', 'Иван Петров'];
    expect(await s.find({})).toEqual(everyone);
    expect(await s.find({ category_id: s.a.id })).toEqual(['Пётр Иванов', 'John Smith', 'Иван Петров']);
    expect(await s.find({ category_id: s.b.id, search: 'иван' })).toEqual([]);
    expect(await s.find({ traffic: '1' })).toEqual(['Иван Петров']);
    expect(await s.find({ traffic: '0', search: 'иван' })).toEqual(['Пётр Иванов']);
    expect(await s.find({ manager_id: p.second.id })).toEqual(['Пётр Иванов']);
    expect(await s.find({ manager_id: p.manager.id, search: 'иван' })).toEqual(['Иван Петров']);
    expect(await s.find({ select_id: s.byName('Источник').id, option_id: s.site.id })).toEqual([
      'Иван Петров',
    ]);
    expect(await s.find({ select_id: s.byName('Источник').id, option_id: s.ad.id, search: 'ол' })).toEqual([
      'Ольга Смирнова',
    ]);

    // The status of a client's manager.
    const statuses = urlOf(statusesEndpoints.create, { projectId: p.owner.projectId });
    const pro = await call(t.app, 'POST', statuses, { token: p.admin.token, body: { name: 'Профи' } });
    expect(pro.status).toBe(201);
    const setStatus = await call(
      t.app,
      'PUT',
      urlOf(teamEndpoints.setMemberStatus, { projectId: p.owner.projectId, userId: p.second.id }),
      { token: p.admin.token, body: { status_id: pro.body.response.id } },
    );
    expect(setStatus.status, JSON.stringify(setStatus.body)).toBe(200);
    expect(await s.find({ status: pro.body.response.id })).toEqual(['Пётр Иванов']);
    expect(await s.find({ status: pro.body.response.id, search: 'петров' })).toEqual([]);
  });

  it('sorts by each order both ways, the id breaking ties', async () => {
    const sorted = (order: string, direction: string) => s.find({ order, direction });
    // Folded names in code point order: Latin before Cyrillic, ё as е.
    expect(await sorted('name', 'asc')).toEqual([
      'John Smith',
      'Алёна Ёлкина',
      'Иван Петров',
      'Ольга Смирнова',
      'Пётр Иванов',
    ]);
    expect(await sorted('name', 'desc')).toEqual([
      'Пётр Иванов',
      'Ольга Смирнова',
      'Иван Петров',
      'Алёна Ёлкина',
      'John Smith',
    ]);
    expect(await sorted('last_name', 'asc')).toEqual([
      'John Smith',
      'Алёна Ёлкина',
      'Пётр Иванов',
      'Иван Петров',
      'Ольга Смирнова',
    ]);
    expect(await sorted('last_name', 'desc')).toEqual([
      'Ольга Смирнова',
      'Иван Петров',
      'Пётр Иванов',
      'Алёна Ёлкина',
      'John Smith',
    ]);
    // Иван and John both have 100: the older id first going up, last going down.
    expect(await sorted('amount', 'asc')).toEqual([
      'Алёна Ёлкина',
      'Иван Петров',
      'John Smith',
      'Пётр Иванов',
      'Ольга Смирнова',
    ]);
    expect(await sorted('amount', 'desc')).toEqual([
      'Ольга Смирнова',
      'Пётр Иванов',
      'John Smith',
      'Иван Петров',
      'Алёна Ёлкина',
    ]);
    expect(await sorted('created_at', 'asc')).toEqual([
      'Иван Петров',
      'Ольга Смирнова',
      'John Smith',
      'Пётр Иванов',
      'Алёна Ёлкина',
    ]);
    expect(await sorted('created_at', 'desc')).toEqual([
      'Алёна Ёлкина',
      'Пётр Иванов',
      'John Smith',
      'Ольга Смирнова',
      'Иван Петров',
    ]);
    expect(await s.find({ search: 'иван', order: 'amount', direction: 'desc' })).toEqual([
      'Пётр Иванов',
      'Иван Петров',
    ]);
  });

  it('shows a manager only his own clients, admins all; answers the clients as GET /clients does', async () => {
    const { p } = s;
    expect(await s.find({ search: 'иван' }, p.manager.token)).toEqual(['Иван Петров']);
    expect(await s.find({ search: 'иван' }, p.second.token)).toEqual(['Пётр Иванов']);
    expect(await s.find({}, p.manager.token)).toEqual(['John Smith', 'Ольга Смирнова', 'Иван Петров']);
    // Another manager's id does not widen a manager's reach.
    expect(await s.find({ manager_id: p.second.id }, p.manager.token)).toEqual([]);
    expect(await s.find({ search: 'елкина' }, p.manager.token)).toEqual([]);

    const res = await s.ask({ search: 'москва' }, p.manager.token);
    const one = await call(t.app, 'GET', p.urls.client(s.clients.ivan.id), { token: p.manager.token });
    expect(res.body.response).toEqual({
      data: [one.body.response],
      current_page: 1,
      last_page: 1,
      per_page: 20,
      total: 1,
      total_capped: false,
    });
  });

  it('finds the same page whether SQLite sorts the few matches itself, gathers them or walks the order index', async () => {
    const base = { projectId: s.p.owner.projectId, scope: null, categoryId: undefined };
    const cases: [string, ClientSearch['order'], ClientSearch['direction'], number?][] = [
      ['иван', 'created_at', 'desc'],
      ['ив', 'name', 'asc'],
      ['п петр', 'last_name', 'desc'],
      ['smi', 'amount', 'asc'],
      ['о', 'amount', 'desc', s.p.manager.id],
    ];
    for (const [text, order, direction, scope] of cases) {
      const search: ClientSearch = {
        ...base,
        scope: scope ?? null,
        terms: searchTerms(text),
        order,
        direction,
      };
      const page = (way: SqliteWay, offset: number) =>
        searchClientRows(t.db, t.deps.dialect, search, { limit: 2, offset, way }).then((rows) =>
          rows.map((r) => r.id),
        );
      // What the service does with few matches on SQLite: one pass, sorted in the server.
      const sorted =
        t.deps.dialect === 'sqlite'
          ? sortMatches(await searchedClientKeys(t.db, search, 100), direction).map((m) => m.id)
          : null;
      for (const offset of [0, 1, 2]) {
        const gathered = await page('gather', offset);
        expect(await page('walk', offset), text).toEqual(gathered);
        if (sorted) expect(sorted.slice(offset, offset + 2), text).toEqual(gathered);
      }
    }
  });

  it('pages by 20', async () => {
    const p = await pipelineProject(t, 'Много');
    const a = await p.addCategory({ name: 'Новые' });
    for (let i = 1; i <= 45; i += 1) {
      t.clock.advance(1000);
      await p.addClient(p.admin.token, { name: `Тест${i}`, last_name: 'Страничный', category_id: a.id });
    }
    const url = urlOf(clientsEndpoints.search, { projectId: p.owner.projectId });
    const page = async (n: number) => {
      const res = await call(t.app, 'GET', `${url}?search=страни&page=${n}`, { token: p.admin.token });
      expect(res.status).toBe(200);
      return res.body.response as { data: Client[]; current_page: number; last_page: number; total: number };
    };
    const [first, second, third, fourth] = [await page(1), await page(2), await page(3), await page(4)];
    expect(
      [first, second, third, fourth].map((x) => [x.data.length, x.current_page, x.last_page, x.total]),
    ).toEqual([
      [20, 1, 3, 45],
      [20, 2, 3, 45],
      [5, 3, 3, 45],
      [0, 4, 3, 45],
    ]);
    const all = [...first.data, ...second.data, ...third.data].map((c) => c.name);
    expect(all).toEqual(Array.from({ length: 45 }, (_, i) => `Тест${45 - i}`));
  });

  it('stops counting at the cap: "1000+" and 50 pages, an exact count below it', async () => {
    const p = await pipelineProject(t, 'Тысячи');
    const a = await p.addCategory({ name: 'Новые' });
    const at = new Date(t.clock.now()).toISOString();
    const rows = Array.from({ length: CLIENT_SEARCH_COUNT_CAP + 5 }, (_, i) => ({
      project_id: p.owner.projectId,
      manager_id: p.admin.id,
      category_id: a.id,
      name: i < 3 ? 'Редкий' : 'Частый',
      last_name: `Клиент${i}`,
      amount: 0,
      traffic: 0,
      category_entered_at: at,
      created_at: at,
      updated_at: at,
    }));
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 200) {
      const inserted = await t.db
        .insertInto('clients')
        .values(rows.slice(i, i + 200))
        .returning('id')
        .execute();
      ids.push(...inserted.map((r) => r.id));
    }
    await refreshClientSearch(t.db, ids);
    const url = urlOf(clientsEndpoints.search, { projectId: p.owner.projectId });
    const found = async (query: string) => {
      const res = await call(t.app, 'GET', `${url}?${query}`, { token: p.admin.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.response as ClientSearchPage;
    };
    const broad = await found('search=клиент');
    expect([broad.total, broad.total_capped, broad.last_page, broad.data.length]).toEqual([
      CLIENT_SEARCH_COUNT_CAP,
      true,
      CLIENT_SEARCH_COUNT_CAP / 20,
      20,
    ]);
    expect((await found('search=клиент&page=50')).data).toHaveLength(20);
    expect((await found('search=клиент&page=51')).data).toHaveLength(0);
    const rare = await found('search=редкий');
    expect([rare.total, rare.total_capped, rare.last_page]).toEqual([3, false, 1]);
  });

  it('refuses the anonymous, another project, and bad parameters', async () => {
    const { p } = s;
    expect((await s.ask({ search: 'иван' }, '')).status).toBe(401);
    const stranger = await pipelineProject(t, 'Чужой');
    expect((await s.ask({ search: 'иван' }, stranger.admin.token)).status).toBe(404);

    const invalid = async (query: Record<string, string | number>, key: string) => {
      const res = await s.ask(query);
      expect(res.status, JSON.stringify(query)).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(res.body)).toEqual([key]);
    };
    await invalid({ order: 'phone' }, 'order');
    await invalid({ direction: 'up' }, 'direction');
    await invalid({ traffic: '2' }, 'traffic');
    await invalid({ option_id: s.site.id }, 'option_id');
    await invalid({ select_id: s.byName('Источник').id }, 'option_id');
    await invalid({ search: 'я'.repeat(101) }, 'search');
    await invalid({ page: 0 }, 'page');
    // Only a searchable select of this project's form, and one of its options.
    const typeField = s.byName('Тип');
    await invalid({ select_id: typeField.id, option_id: typeField.options[0]!.id }, 'select_id');
    await invalid({ select_id: s.byName('Город').id, option_id: s.site.id }, 'select_id');
    const foreign = await saveForm(t, stranger, form);
    const theirs = foreign.byName('Источник');
    await invalid({ select_id: theirs.id, option_id: theirs.options[0]!.id }, 'select_id');
    await invalid({ select_id: s.byName('Источник').id, option_id: theirs.options[0]!.id }, 'option_id');
    expect((await s.ask({ search: 'иван' }, p.manager.token)).status).toBe(200);
  });
});

describe('the search follows every change in the same transaction', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('sees edited names and values, deleted clients, deleted and retyped fields', async () => {
    const s = await searchProject(t);
    const { p } = s;
    const put = async (id: number, body: unknown) => {
      const res = await call(t.app, 'PUT', p.urls.client(id), { token: p.admin.token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };

    await put(s.clients.ivan.id, { name: 'Игорь', last_name: 'Петров' });
    expect(await s.find({ search: 'иван' })).toEqual(['Пётр Иванов']);
    expect(await s.find({ search: 'игор' })).toEqual(['Игорь Петров']);
    expect(await s.find({ search: 'иг' })).toEqual(['Игорь Петров']);
    // Values left out stay.
    expect(await s.find({ search: 'москва' })).toEqual(['Игорь Петров']);

    await put(s.clients.ivan.id, {
      name: 'Игорь',
      last_name: 'Петров',
      fields: [{ field_id: s.byName('Телефон').id, value: '79110000000' }],
    });
    expect(await s.find({ search: '900123' })).toEqual([]);
    expect(await s.find({ search: '9110000' })).toEqual(['Игорь Петров']);
    expect(await s.find({ search: 'москва' })).toEqual([]);

    const removed = await call(t.app, 'DELETE', p.urls.client(s.clients.petr.id), { token: p.admin.token });
    expect(removed.status).toBe(200);
    expect(await s.find({ search: 'иванов' })).toEqual([]);
    expect(await s.find({ search: '7654' })).toEqual([]);

    // Deleting the city field takes Санкт-Петербург with it; retyping the notes drops their text.
    expect(await s.find({ search: 'петербург' })).toEqual(['Алёна Ёлкина']);
    expect(await s.find({ search: 'чай' })).toEqual(['Ольга Смирнова']);
    const [group] = s.groups;
    const kept = group!.fields
      .filter((f) => f.name !== 'Город')
      .map((f) => ({
        id: f.id,
        type: f.name === 'Заметки' ? 'text' : f.type,
        name: f.name,
        is_searchable: f.is_searchable,
        options: f.options.map((o) => ({ id: o.id, name: o.name })),
      }));
    await saveForm(t, p, { groups: [{ id: group!.id, title: group!.title, fields: kept }] });
    expect(await s.find({ search: 'петербург' })).toEqual([]);
    expect(await s.find({ search: 'чай' })).toEqual([]);
    // What the form change did not touch is still found.
    expect(await s.find({ search: 'johnny' })).toEqual(['John Smith']);
    expect(await s.find({ search: 'ёлкина' })).toEqual(['Алёна Ёлкина']);
  });
});
