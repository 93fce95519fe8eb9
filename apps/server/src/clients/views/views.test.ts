import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientViewsEndpoints, type ClientView, type ClientViewBody } from '@crm/contract';
import { call, urlOf } from '../../test/api.js';
import { pipelineProject } from '../../test/pipeline-project.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

describe('saved views of the client list', () => {
  let t: TestApp;
  let p: Awaited<ReturnType<typeof pipelineProject>>;
  let list: string;
  const one = (id: number, projectId = p.owner.projectId) =>
    urlOf(clientViewsEndpoints.update, { projectId, id });
  const create = async (token: string, body: ClientViewBody) => {
    const res = await call(t.app, 'POST', list, { token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.response as ClientView;
  };
  const names = async (token: string) =>
    ((await call(t.app, 'GET', list, { token })).body.response as ClientView[]).map((v) => v.name);

  beforeAll(async () => {
    t = await buildTestApp();
    p = await pipelineProject(t);
    list = urlOf(clientViewsEndpoints.list, { projectId: p.owner.projectId });
  });
  afterAll(() => t.close());

  it('keeps a view private to its owner, or shares it with the team when an admin says so', async () => {
    const mine = await create(p.manager.token, {
      name: 'Мои горячие',
      filters: { category_id: 7, search: 'ива', from: '2026-01-01' },
      columns: ['name', 'amount', 'field:3'],
      sort: 'field:3',
      direction: 'asc',
    });
    expect(mine).toMatchObject({
      name: 'Мои горячие',
      shared: false,
      owner: { id: p.manager.id },
      filters: { category_id: 7, search: 'ива', from: '2026-01-01' },
      columns: ['name', 'amount', 'field:3'],
      sort: 'field:3',
      direction: 'asc',
    });
    const team = await create(p.admin.token, { name: 'Вся команда', shared: true });
    await create(p.admin.token, { name: 'Админское' });
    expect(await names(p.manager.token)).toEqual(['Вся команда', 'Мои горячие']);
    expect(await names(p.second.token)).toEqual(['Вся команда']);
    expect(await names(p.admin.token)).toEqual(['Вся команда', 'Админское']);

    // Its owner renames it; an admin changes the shared one.
    const renamed = await call(t.app, 'PUT', one(mine.id), {
      token: p.manager.token,
      body: { name: 'Горячие', columns: ['name'] },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.response).toMatchObject({ name: 'Горячие', columns: ['name'], sort: 'created_at' });
    const owner = await call(t.app, 'PUT', one(team.id), {
      token: p.owner.token,
      body: { name: 'Команда', shared: true },
    });
    expect(owner.status).toBe(200);
    expect((await call(t.app, 'DELETE', one(mine.id), { token: p.manager.token })).status).toBe(200);
    expect(await names(p.manager.token)).toEqual(['Команда']);
  });

  it('refuses: sharing or changing a shared view by a manager, another’s private view, another project', async () => {
    const team = await create(p.admin.token, { name: 'Общий', shared: true });
    const secret = await create(p.second.token, { name: 'Личный' });

    const shared = await call(t.app, 'POST', list, {
      token: p.manager.token,
      body: { name: 'X', shared: true },
    });
    expect(shared.status).toBe(403);
    const mine = await create(p.manager.token, { name: 'Мой' });
    expect(
      (
        await call(t.app, 'PUT', one(mine.id), {
          token: p.manager.token,
          body: { name: 'Мой', shared: true },
        })
      ).status,
    ).toBe(403);
    expect(
      (await call(t.app, 'PUT', one(team.id), { token: p.manager.token, body: { name: 'Взлом' } })).status,
    ).toBe(403);
    expect((await call(t.app, 'DELETE', one(team.id), { token: p.manager.token })).status).toBe(403);
    // Another's private view: not found, for an admin too.
    expect(
      (await call(t.app, 'PUT', one(secret.id), { token: p.manager.token, body: { name: 'Взлом' } })).status,
    ).toBe(404);
    expect((await call(t.app, 'DELETE', one(secret.id), { token: p.admin.token })).status).toBe(404);

    const stranger = await pipelineProject(t, 'Чужой');
    expect((await call(t.app, 'GET', list, { token: stranger.admin.token })).status).toBe(404);
    // Their own project, this project's view id: not found.
    const theirs = one(team.id, stranger.owner.projectId);
    expect(
      (await call(t.app, 'PUT', theirs, { token: stranger.admin.token, body: { name: 'Взлом' } })).status,
    ).toBe(404);
    expect((await call(t.app, 'DELETE', theirs, { token: stranger.admin.token })).status).toBe(404);
    expect((await call(t.app, 'GET', list, {})).status).toBe(401);
    expect((await call(t.app, 'POST', list, { body: { name: 'X' } })).status).toBe(401);

    const invalid = async (body: unknown, key: string) => {
      const res = await call(t.app, 'POST', list, { token: p.manager.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(res.body)).toContain(key);
    };
    await invalid({ name: '' }, 'name');
    await invalid({ name: 'X', sort: 'phone' }, 'sort');
    await invalid({ name: 'X', columns: ['name', 'secret'] }, 'columns.1');
    await invalid({ name: 'X', filters: { from: '2026-02-02', to: '2026-02-01' } }, 'filters.to');
    expect(await names(p.second.token)).toEqual(['Команда', 'Общий', 'Личный']);
  });
});
