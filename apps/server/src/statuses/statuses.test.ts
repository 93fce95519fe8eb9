import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerOwner } from '../test/api.js';
import { joinAs } from '../test/members.js';
import { statusesProject, statusesUrl, type StatusView } from './statuses.fixtures.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

describe('statuses: manager levels with goals', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const url = statusesUrl;

  const setup = () => statusesProject(t);

  const defaults = (statuses: StatusView[]) => statuses.filter((s) => s.is_default).map((s) => s.name);

  it('makes the first status default; a new default clears the old one, so there is always exactly one', async () => {
    const { create, list } = await setup();
    const first = await create('Новичок', false);
    expect(first).toEqual({ id: expect.any(Number), name: 'Новичок', is_default: true, deposit_goal: 0 });
    const second = await create('Профи');
    expect(second.is_default).toBe(false);
    expect(defaults(await list())).toEqual(['Новичок']);
    const third = await create('Эксперт', true);
    expect(third.is_default).toBe(true);
    expect(defaults(await list())).toEqual(['Эксперт']);
    expect((await list()).map((s) => s.name)).toEqual(['Новичок', 'Профи', 'Эксперт']);
  });

  it('keeps exactly one default under simultaneous writes', async () => {
    const { owner, admin, list } = await setup();
    const created = await Promise.all(
      ['А', 'Б', 'В', 'Г', 'Д'].map((name) =>
        call(t.app, 'POST', url(owner.projectId), { token: admin.token, body: { name, is_default: true } }),
      ),
    );
    expect(created.map((c) => c.status)).toEqual([201, 201, 201, 201, 201]);
    expect(defaults(await list())).toHaveLength(1);
    const ids = created.map((c) => c.body.response.id as number);
    await Promise.all(
      ids.map((id) =>
        call(t.app, 'PUT', url(owner.projectId, `/${id}`), {
          token: admin.token,
          body: { name: `С${id}`, is_default: true },
        }),
      ),
    );
    expect(defaults(await list())).toHaveLength(1);
    // The database itself refuses a second default.
    await expect(
      t.db.updateTable('statuses').set({ is_default: 1 }).where('project_id', '=', owner.projectId).execute(),
    ).rejects.toThrow();
  });

  it('reads and updates one status; making it default moves the default, un-defaulting it is refused', async () => {
    const { owner, admin, create, list } = await setup();
    const a = await create('Новичок');
    const b = await create('Профи');
    const one = await call(t.app, 'GET', url(owner.projectId, `/${b.id}`), { token: admin.token });
    expect(one.body.response).toEqual(b);

    const renamed = await call(t.app, 'PUT', url(owner.projectId, `/${b.id}`), {
      token: admin.token,
      body: { name: 'Мастер', is_default: true },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.response).toEqual({ id: b.id, name: 'Мастер', is_default: true, deposit_goal: 0 });
    expect(defaults(await list())).toEqual(['Мастер']);

    const undefault = await call(t.app, 'PUT', url(owner.projectId, `/${b.id}`), {
      token: admin.token,
      body: { name: 'Мастер', is_default: false },
    });
    expect(undefault.status).toBe(422);
    expect(undefault.body.errors).toEqual({
      is_default: ['Статус по умолчанию нельзя снять: отметьте по умолчанию другой статус'],
    });
    // Omitting is_default keeps it; false on a non-default one is fine.
    const keep = await call(t.app, 'PUT', url(owner.projectId, `/${a.id}`), {
      token: admin.token,
      body: { name: 'Стажёр' },
    });
    expect(keep.body.response).toMatchObject({ name: 'Стажёр', is_default: false });
    expect(defaults(await list())).toEqual(['Мастер']);

    const history = await t.db
      .selectFrom('history_events')
      .select('message')
      .where('project_id', '=', owner.projectId)
      .where('kind', '=', 'status.updated')
      .orderBy('id')
      .execute();
    expect(history.map((h) => h.message)).toEqual([
      'Статус «Профи» переименован в «Мастер» и стал статусом по умолчанию',
      'Статус «Новичок» переименован в «Стажёр»',
    ]);
  });

  it('refuses an empty name and a name already taken, in any case', async () => {
    const { owner, admin, create } = await setup();
    const a = await create('Новичок');
    await create('Профи');
    const empty = await call(t.app, 'POST', url(owner.projectId), {
      token: admin.token,
      body: { name: '   ' },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ name: ['Обязательное поле'] });
    const taken = await call(t.app, 'POST', url(owner.projectId), {
      token: admin.token,
      body: { name: ' НОВИЧОК ' },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ name: ['Статус с таким названием уже есть'] });
    const renameTaken = await call(t.app, 'PUT', url(owner.projectId, `/${a.id}`), {
      token: admin.token,
      body: { name: 'профи' },
    });
    expect(renameTaken.status).toBe(422);
    // Renaming to itself (another case) is fine.
    const same = await call(t.app, 'PUT', url(owner.projectId, `/${a.id}`), {
      token: admin.token,
      body: { name: 'НОВИЧОК' },
    });
    expect(same.status).toBe(200);
    // Another project may use the same names.
    const other = await registerOwner(t.app);
    expect(
      (await call(t.app, 'POST', url(other.projectId), { token: other.token, body: { name: 'Профи' } }))
        .status,
    ).toBe(201);
  });

  it('gives new managers the default status; deleting a status moves its managers to the default', async () => {
    const { owner, admin, create, list } = await setup();
    const beginner = await create('Новичок');
    const pro = await create('Профи');
    const expert = await create('Эксперт');
    const m1 = await joinAs(t, owner.projectId, 'manager', 'М1');
    const m2 = await joinAs(t, owner.projectId, 'manager', 'М2');
    const statusOf = async (token: string) =>
      (await call(t.app, 'GET', `/api/v1/projects/${owner.projectId}/user`, { token })).body.response
        .project_data.status_id;
    expect(await statusOf(m1.token)).toBe(beginner.id);
    await call(t.app, 'PUT', `/api/v1/projects/${owner.projectId}/users/${m2.id}/status`, {
      token: admin.token,
      body: { status_id: pro.id },
    });

    // A non-default status: its managers go to the default.
    const del = await call(t.app, 'DELETE', url(owner.projectId, `/${pro.id}`), { token: admin.token });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ success: true, response: { ok: true } });
    expect(await statusOf(m2.token)).toBe(beginner.id);
    expect(
      (await call(t.app, 'GET', url(owner.projectId, `/${pro.id}`), { token: admin.token })).status,
    ).toBe(404);

    // The default: the oldest left becomes default, and its managers move there.
    await call(t.app, 'DELETE', url(owner.projectId, `/${beginner.id}`), { token: admin.token });
    expect(defaults(await list())).toEqual(['Эксперт']);
    expect(await statusOf(m1.token)).toBe(expert.id);
    expect(await statusOf(m2.token)).toBe(expert.id);

    // The last one: no default, managers without a status.
    await call(t.app, 'DELETE', url(owner.projectId, `/${expert.id}`), { token: admin.token });
    expect(await list()).toEqual([]);
    expect(await statusOf(m1.token)).toBeNull();
    const m3 = await joinAs(t, owner.projectId, 'manager', 'М3');
    expect(await statusOf(m3.token)).toBeNull();
    // And the next status created becomes default.
    expect((await create('Снова')).is_default).toBe(true);

    const messages = await t.db
      .selectFrom('history_events')
      .select('message')
      .where('project_id', '=', owner.projectId)
      .where('kind', '=', 'status.deleted')
      .orderBy('id')
      .execute();
    expect(messages.map((m) => m.message)).toEqual([
      'Удалён статус «Профи»; менеджеров переведено на «Новичок»: 1',
      'Удалён статус «Новичок»; по умолчанию теперь «Эксперт»; менеджеров переведено на «Эксперт»: 2',
      'Удалён статус «Эксперт»; менеджеров переведено на «без статуса»: 2',
    ]);
  });

  it('lets managers read but not write; outsiders and foreign ids get 404; the anonymous 401', async () => {
    const { owner, create } = await setup();
    const s = await create('Новичок');
    const manager = await joinAs(t, owner.projectId, 'manager', 'Менеджер');
    for (const path of ['', `/${s.id}`, `/${s.id}/client-categories`]) {
      expect(
        (await call(t.app, 'GET', url(owner.projectId, path), { token: manager.token })).status,
        path,
      ).toBe(200);
    }
    for (const [method, path, body] of [
      ['POST', '', { name: 'X' }],
      ['PUT', `/${s.id}`, { name: 'X' }],
      ['DELETE', `/${s.id}`, undefined],
      ['PUT', `/${s.id}/reset`, undefined],
      ['POST', `/${s.id}/client-categories/set-goals`, { goals: [] }],
      ['PUT', `/${s.id}/deposit-goal`, { deposit_goal: 1 }],
    ] as const) {
      expect(
        (await call(t.app, method, url(owner.projectId, path), { token: manager.token, body })).status,
        path,
      ).toBe(403);
      expect((await call(t.app, method, url(owner.projectId, path), { body })).status, path).toBe(401);
    }

    // Another project's admin: 404 on this project, and this status is unknown through his own.
    const other = await registerOwner(t.app, 'Чужой');
    expect((await call(t.app, 'GET', url(owner.projectId), { token: other.token })).status).toBe(404);
    for (const [method, path, body] of [
      ['GET', `/${s.id}`, undefined],
      ['PUT', `/${s.id}`, { name: 'Захват' }],
      ['DELETE', `/${s.id}`, undefined],
      ['PUT', `/${s.id}/reset`, undefined],
      ['GET', `/${s.id}/client-categories`, undefined],
      ['POST', `/${s.id}/client-categories/set-goals`, { goals: [{ client_category_id: 1, goal: 1 }] }],
      ['PUT', `/${s.id}/deposit-goal`, { deposit_goal: 1 }],
    ] as const) {
      const res = await call(t.app, method, url(other.projectId, path), { token: other.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.message).toBe('Статус не найден');
    }
    const still = await call(t.app, 'GET', url(owner.projectId, `/${s.id}`), { token: manager.token });
    expect(still.body.response).toEqual({ id: s.id, name: 'Новичок', is_default: true, deposit_goal: 0 });
    expect((await call(t.app, 'GET', url(owner.projectId, '/999999'), { token: manager.token })).status).toBe(
      404,
    );
  });
});
