import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientsEndpoints, DUPLICATE_GROUPS_PER_PAGE, type DuplicateGroupsPage } from '@crm/contract';
import { call, urlOf } from '../../test/api.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { projectWithContacts } from './duplicates.fixtures.js';

describe("the 'Дубли' view: the project's duplicate groups (docs/product.md, \"Duplicates\")", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const groupsOf = async (projectId: number, token: string, page = 1) => {
    const res = await call(
      t.app,
      'GET',
      `${urlOf(clientsEndpoints.duplicateGroups, { projectId })}?page=${page}`,
      { token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.response as DuplicateGroupsPage;
  };

  it('one group per set of clients, shared contacts first, then namesakes; each says what they share', async () => {
    const { p, fields, create, category } = await projectWithContacts(t);
    const projectId = p.owner.projectId;
    expect(await groupsOf(projectId, p.admin.token)).toEqual({
      data: [],
      current_page: 1,
      last_page: 1,
      per_page: DUPLICATE_GROUPS_PER_PAGE,
      total: 0,
    });

    // Three share a number (one of them twice); two of them also share a link: still one group.
    const ivan = await create(
      p.manager.token,
      { name: 'Иван', last_name: 'Петров' },
      { [fields.phone]: '+380 50 123 45 67', [fields.social]: 'https://www.instagram.com/ivan' },
    );
    const vanya = await create(
      p.second.token,
      { name: 'Ваня', last_name: 'Петров' },
      {
        [fields.phone]: '050 123 45 67',
        [fields.phone2]: '380501234567',
        [fields.social]: 'https://www.instagram.com/Ivan/',
      },
    );
    const ivanJr = await create(
      p.admin.token,
      { name: 'Иван', last_name: 'Петров мл.' },
      { [fields.phone]: '0501234567' },
    );
    const pair = await create(
      p.manager.token,
      { name: 'Олег', last_name: 'Сидоров' },
      {
        [fields.social]: 'https://www.facebook.com/oleg',
      },
    );
    const twin = await create(
      p.manager.token,
      { name: 'Олег', last_name: 'Сидоров' },
      {
        [fields.social]: 'https://www.facebook.com/Oleg/',
      },
    );
    // Namesakes alone: a possible duplicate ('Алёна' folds as 'Алена').
    const alena = await create(p.manager.token, { name: 'Алёна', last_name: 'Иванова' }, {});
    const alena2 = await create(p.second.token, { name: 'алена', last_name: 'ИВАНОВА' }, {});
    await create(
      p.manager.token,
      { name: 'Пётр', last_name: 'Один' },
      { [fields.phone]: '+380 67 000 00 01' },
    );

    const page = await groupsOf(projectId, p.admin.token);
    const person = (
      c: { id: number; name: string; last_name: string },
      manager: { id: number },
      name: string,
    ) => ({
      id: c.id,
      name: c.name,
      last_name: c.last_name,
      manager: { id: manager.id, name },
      category_id: category.id,
      created_at: expect.any(String),
    });
    expect(page.total).toBe(4);
    expect(page.data).toEqual([
      // The newest group first: the Sidorovs share a link and a name.
      {
        possible: false,
        shared: [
          { match: 'social_network', value: 'facebook.com/oleg' },
          { match: 'name', value: 'Олег Сидоров' },
        ],
        clients: [person(pair, p.manager, 'Мария Менеджерова'), person(twin, p.manager, 'Мария Менеджерова')],
        total: 2,
      },
      // Two of the three also share the link, all three only the number.
      {
        possible: false,
        shared: [{ match: 'phone_number', value: '+380 50 123 4567' }],
        clients: [
          person(ivan, p.manager, 'Мария Менеджерова'),
          person(vanya, p.second, 'Пётр Второй'),
          person(ivanJr, p.admin, 'Анна Админова'),
        ],
        total: 3,
      },
      {
        possible: false,
        shared: [
          { match: 'phone_number', value: '+380 50 123 4567' },
          { match: 'social_network', value: 'instagram.com/ivan' },
        ],
        clients: [person(ivan, p.manager, 'Мария Менеджерова'), person(vanya, p.second, 'Пётр Второй')],
        total: 2,
      },
      {
        possible: true,
        shared: [{ match: 'name', value: 'Алёна Иванова' }],
        clients: [person(alena, p.manager, 'Мария Менеджерова'), person(alena2, p.second, 'Пётр Второй')],
        total: 2,
      },
    ]);
  });

  it('pages the groups, and sees no other project', async () => {
    const { p, create } = await projectWithContacts(t);
    const projectId = p.owner.projectId;
    const pairs = DUPLICATE_GROUPS_PER_PAGE + 1;
    for (let i = 0; i < pairs; i++) {
      for (let copy = 0; copy < 2; copy++) {
        await create(p.manager.token, { name: 'Клиент', last_name: `Номер${i}` }, {});
      }
    }
    const first = await groupsOf(projectId, p.admin.token);
    expect([first.data.length, first.total, first.last_page]).toEqual([DUPLICATE_GROUPS_PER_PAGE, pairs, 2]);
    // The newest group first: the last pair made.
    expect(first.data[0]!.clients.map((c) => c.last_name)).toEqual([
      `Номер${pairs - 1}`,
      `Номер${pairs - 1}`,
    ]);
    const second = await groupsOf(projectId, p.admin.token, 2);
    expect(second.data.map((g) => g.clients[0]!.last_name)).toEqual(['Номер0']);
    expect(second.total).toBe(pairs);
    const beyond = await groupsOf(projectId, p.admin.token, 5);
    expect([beyond.data, beyond.total, beyond.last_page]).toEqual([[], pairs, 2]);

    const other = await projectWithContacts(t, 'Другой');
    await other.create(other.p.admin.token, { name: 'Клиент', last_name: 'Номер0' }, {});
    expect((await groupsOf(other.p.owner.projectId, other.p.admin.token)).total).toBe(0);
  });
});
