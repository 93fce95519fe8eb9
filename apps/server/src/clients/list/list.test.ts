import { todayInZone } from '@crm/contract';
import { findProjectTimezone } from '../../lib/project-days.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientListEndpoints,
  type Client,
  type ClientColumnTotal,
  type ClientListPage,
  type FormGroup,
} from '@crm/contract';
import { call, urlOf } from '../../test/api.js';
import { pipelineProject } from '../../test/pipeline-project.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

type Query = Record<string, string | number>;
const qs = (query: Query) =>
  new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();

/** A project whose clients differ in every sortable column, made a minute apart. */
async function listProject(t: TestApp) {
  const p = await pipelineProject(t);
  const first = await p.addCategory({ name: 'Новые' });
  const second = await p.addCategory({ name: 'В работе' });
  const form = await call(t.app, 'PUT', p.urls.form, {
    token: p.admin.token,
    body: {
      groups: [
        {
          title: 'Контакты',
          fields: [
            { type: 'text', name: 'Город' },
            {
              type: 'select',
              name: 'Источник',
              is_searchable: true,
              options: [{ name: 'Сайт' }, { name: 'Реклама' }],
            },
          ],
        },
      ],
    },
  });
  expect(form.status, JSON.stringify(form.body)).toBe(200);
  const fields = (form.body.response as FormGroup[]).flatMap((g) => g.fields);
  const city = fields.find((f) => f.name === 'Город')!;
  const source = fields.find((f) => f.name === 'Источник')!;
  const [site, ad] = source.options;
  const add = async (
    token: string,
    name: string,
    category: number,
    amount: number,
    values: [string?, number?],
  ) => {
    t.clock.advance(60_000);
    return p.addClient(token, {
      name,
      last_name: 'Тестов',
      amount,
      category_id: category,
      fields: [
        ...(values[0] ? [{ field_id: city.id, value: values[0] }] : []),
        ...(values[1] ? [{ field_id: source.id, value: String(values[1]) }] : []),
      ],
    });
  };
  const anna = await add(p.manager.token, 'Анна', first.id, 300, ['Омск', ad!.id]);
  const boris = await add(p.manager.token, 'Борис', first.id, 100, ['Казань', site!.id]);
  const vera = await add(p.manager.token, 'Вера', second.id, 200, [undefined, undefined]);
  const gleb = await add(p.second.token, 'Глеб', first.id, 500, ['Астрахань', ad!.id]);
  const dina = await add(p.admin.token, 'Дина', first.id, 400, ['Москва', site!.id]);
  const url = urlOf(clientListEndpoints.list, { projectId: p.owner.projectId });
  const totalsUrl = urlOf(clientListEndpoints.columnTotals, { projectId: p.owner.projectId });
  const ask = (query: Query, token = p.admin.token) => call(t.app, 'GET', `${url}?${qs(query)}`, { token });
  const page = async (query: Query, token = p.admin.token) => {
    const res = await ask(query, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.response as ClientListPage;
  };
  /** Every page, following the cursors: the names in order. */
  const all = async (query: Query, token = p.admin.token) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: ClientListPage = await page(cursor ? { ...query, cursor } : query, token);
      seen.push(...res.data.map((c: Client) => c.name));
      cursor = res.next_cursor;
    } while (cursor);
    return seen;
  };
  const totals = async (query: Query, token = p.admin.token) => {
    const res = await call(t.app, 'GET', `${totalsUrl}?${qs(query)}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.response as ClientColumnTotal[]).sort((a, b) => a.category_id - b.category_id);
  };
  return {
    p,
    first,
    second,
    city,
    source,
    clients: { anna, boris, vera, gleb, dina },
    ask,
    page,
    all,
    totals,
    totalsUrl,
  };
}

describe('the client list', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof listProject>>;
  beforeAll(async () => {
    t = await buildTestApp();
    s = await listProject(t);
  });
  afterAll(() => t.close());

  it('sorts by any column, a form field included, both ways', async () => {
    expect(await s.all({})).toEqual(['Дина', 'Глеб', 'Вера', 'Борис', 'Анна']);
    expect(await s.all({ sort: 'amount', direction: 'asc' })).toEqual([
      'Борис',
      'Вера',
      'Анна',
      'Дина',
      'Глеб',
    ]);
    expect(await s.all({ sort: 'name', direction: 'asc' })).toEqual([
      'Анна',
      'Борис',
      'Вера',
      'Глеб',
      'Дина',
    ]);
    // A text field by its value (a client without one first when ascending).
    expect(await s.all({ sort: `field:${s.city.id}`, direction: 'asc' })).toEqual([
      'Вера',
      'Глеб',
      'Борис',
      'Дина',
      'Анна',
    ]);
    expect(await s.all({ sort: `field:${s.city.id}`, direction: 'desc' })).toEqual([
      'Анна',
      'Дина',
      'Борис',
      'Глеб',
      'Вера',
    ]);
    // A select by its options' order (Сайт before Реклама), ties by id.
    expect(await s.all({ sort: `field:${s.source.id}`, direction: 'asc' })).toEqual([
      'Вера',
      'Борис',
      'Дина',
      'Анна',
      'Глеб',
    ]);
    expect(await s.all({ sort: 'category', direction: 'asc' })).toEqual([
      'Анна',
      'Борис',
      'Глеб',
      'Дина',
      'Вера',
    ]);
    expect(await s.all({ sort: 'manager', direction: 'asc' })).toHaveLength(5);
  });

  it('answers the total on the first page and pages by a cursor', async () => {
    const many: Client[] = [];
    for (let i = 0; i < 60; i += 1) {
      t.clock.advance(1000);
      many.push(
        await s.p.addClient(s.p.second.token, {
          name: `Пачка${i}`,
          last_name: 'Много',
          category_id: s.second.id,
        }),
      );
    }
    const query = { category_id: s.second.id, manager_id: s.p.second.id, sort: 'name', direction: 'asc' };
    const first = await s.page(query);
    expect([first.data.length, first.total]).toEqual([50, 60]);
    const next = await s.page({ ...query, cursor: first.next_cursor! });
    expect([next.data.length, next.total, next.next_cursor]).toEqual([10, null, null]);
    const ids = [...first.data, ...next.data].map((c) => c.id);
    expect(new Set(ids).size).toBe(60);
    expect(ids.sort()).toEqual(many.map((c) => c.id).sort());
    // A cursor of another order is refused, not misread.
    const other = await s.ask({ ...query, direction: 'desc', cursor: first.next_cursor! });
    expect(other.status).toBe(422);
    expect(Object.keys(other.body.errors)).toEqual(['cursor']);
    for (const c of many) {
      const res = await call(t.app, 'DELETE', s.p.urls.client(c.id), { token: s.p.admin.token });
      expect(res.status).toBe(200);
    }
  });

  it('filters as the search modal does, plus manager and days', async () => {
    const { p, first } = s;
    expect(await s.all({ category_id: first.id, manager_id: p.manager.id })).toEqual(['Борис', 'Анна']);
    expect(await s.all({ search: 'бор' })).toEqual(['Борис']);
    expect(await s.all({ select_id: s.source.id, option_id: s.source.options[0]!.id })).toEqual([
      'Дина',
      'Борис',
    ]);
    // The days are the project's (after 21:00 UTC Moscow is on the next one).
    const today = todayInZone(await findProjectTimezone(t.db, p.owner.projectId), t.clock.now());
    expect(await s.all({ from: today, to: today })).toHaveLength(5);
    expect(await s.all({ to: '2000-01-01' })).toEqual([]);
  });

  it('gives a manager his own clients only, whatever he asks', async () => {
    const { p } = s;
    expect(await s.all({}, p.manager.token)).toEqual(['Вера', 'Борис', 'Анна']);
    expect(await s.all({ manager_id: p.second.id }, p.manager.token)).toEqual([]);
    expect((await s.page({}, p.manager.token)).total).toBe(3);
  });

  it('totals each column: its clients and their amounts, by manager for admins', async () => {
    const { p, first, second } = s;
    expect(await s.totals({})).toEqual([
      { category_id: first.id, clients: 4, amount: 1300 },
      { category_id: second.id, clients: 1, amount: 200 },
    ]);
    expect(await s.totals({ manager_id: p.manager.id })).toEqual([
      { category_id: first.id, clients: 2, amount: 400 },
      { category_id: second.id, clients: 1, amount: 200 },
    ]);
    // A manager: his own, whatever manager he names.
    expect(await s.totals({}, p.manager.token)).toEqual(await s.totals({ manager_id: p.manager.id }));
    expect(await s.totals({ manager_id: p.second.id }, p.manager.token)).toEqual([]);
    expect(await s.totals({ search: 'глеб' })).toEqual([{ category_id: first.id, clients: 1, amount: 500 }]);
  });

  it("narrows the board's columns to one manager for an admin; a manager keeps his own", async () => {
    const { p, first } = s;
    const column = async (query: string, token: string) => {
      const res = await call(t.app, 'GET', `${p.urls.clients}?category=${first.id}&${query}`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.response.data as Client[]).map((c) => c.name);
    };
    expect(await column(`manager=${p.manager.id}`, p.admin.token)).toEqual(['Борис', 'Анна']);
    expect(await column(`manager=${p.second.id}`, p.manager.token)).toEqual(['Борис', 'Анна']);
    expect((await call(t.app, 'GET', `${p.urls.clients}?manager=x`, { token: p.admin.token })).status).toBe(
      422,
    );
  });

  it("applies a saved view's filters to a board column: words, an option, traffic; a manager's own only", async () => {
    const { p, first, source } = s;
    const [site, ad] = source.options;
    const column = async (query: string, token = p.admin.token) => {
      const res = await call(t.app, 'GET', `${p.urls.clients}?category=${first.id}&${query}`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return {
        names: (res.body.response.data as Client[]).map((c) => c.name),
        total: res.body.response.total as number,
      };
    };
    // Newest first, as the board's columns are; the count is of the view's matches.
    expect(await column(`select_id=${source.id}&option_id=${ad!.id}`)).toEqual({
      names: ['Глеб', 'Анна'],
      total: 2,
    });
    expect(await column(`select_id=${source.id}&option_id=${site!.id}`, p.manager.token)).toEqual({
      names: ['Борис'],
      total: 1,
    });
    expect(await column(`search=${encodeURIComponent('Москва')}`)).toEqual({ names: ['Дина'], total: 1 });
    expect(await column(`search=${encodeURIComponent('Москва')}`, p.manager.token)).toEqual({
      names: [],
      total: 0,
    });
    expect(await column(`traffic=0&manager=${p.manager.id}`)).toEqual({ names: ['Борис', 'Анна'], total: 2 });
    // The option needs its field, and the field must be a searchable select.
    const refused = await call(t.app, 'GET', `${p.urls.clients}?option_id=${ad!.id}`, {
      token: p.admin.token,
    });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual(['option_id']);
  });

  it('refuses the anonymous, another project, and bad parameters', async () => {
    expect((await s.ask({}, '')).status).toBe(401);
    expect((await call(t.app, 'GET', s.totalsUrl, {})).status).toBe(401);
    const stranger = await pipelineProject(t, 'Чужой');
    expect((await s.ask({}, stranger.admin.token)).status).toBe(404);
    expect((await call(t.app, 'GET', s.totalsUrl, { token: stranger.admin.token })).status).toBe(404);
    const invalid = async (query: Query, key: string) => {
      const res = await s.ask(query);
      expect(res.status, JSON.stringify(query)).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(res.body)).toEqual([key]);
    };
    await invalid({ sort: 'phone' }, 'sort');
    await invalid({ sort: 'field:0' }, 'sort');
    // Another project's field is no column here.
    const theirs = await call(t.app, 'PUT', stranger.urls.form, {
      token: stranger.admin.token,
      body: { groups: [{ title: 'Г', fields: [{ type: 'text', name: 'Чужое' }] }] },
    });
    const theirField = (theirs.body.response as FormGroup[])[0]!.fields[0]!.id;
    await invalid({ sort: `field:${theirField}` }, 'sort');
    await invalid({ direction: 'up' }, 'direction');
    await invalid({ cursor: 'garbage' }, 'cursor');
    await invalid({ from: '2026-02-30' }, 'from');
    await invalid({ from: '2026-03-02', to: '2026-03-01' }, 'to');
    await invalid({ option_id: 5 }, 'option_id');
  });
});
