import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerOwner, registerUser } from '../test/api.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

describe('projects', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('creates a project whose creator is super_admin, with a default time zone and phone country', async () => {
    const { token } = await registerUser(t.app);
    const res = await call(t.app, 'POST', '/api/v1/projects', { token, body: { name: '  Продажи  ' } });
    expect(res.status).toBe(201);
    expect(res.body.response).toEqual({
      id: expect.any(Number),
      name: 'Продажи',
      timezone: 'Europe/Moscow',
      phone_country: 'UA',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    const me = await call(t.app, 'GET', `/api/v1/projects/${res.body.response.id}/user`, { token });
    expect(me.status).toBe(200);
    expect(me.body.response.project_data).toEqual({
      project_id: res.body.response.id,
      role: 'super_admin',
      status_id: null,
    });
    expect(me.body.response.user.has_projects).toBe(true);
  });

  it('validates name and time zone', async () => {
    const { token } = await registerUser(t.app);
    const empty = await call(t.app, 'POST', '/api/v1/projects', { token, body: { name: '   ' } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.name).toEqual(['Обязательное поле']);
    const tz = await call(t.app, 'POST', '/api/v1/projects', {
      token,
      body: { name: 'X', timezone: 'Mars/Base' },
    });
    expect(tz.status).toBe(422);
    expect(tz.body.errors.timezone).toEqual(['Неизвестный часовой пояс']);
  });

  it('reads and updates the project settings', async () => {
    const owner = await registerOwner(t.app, 'Старое имя');
    const put = await call(t.app, 'PUT', `/api/v1/projects/${owner.projectId}`, {
      token: owner.token,
      body: { name: 'Новое имя', timezone: 'Asia/Yekaterinburg' },
    });
    expect(put.status).toBe(200);
    expect(put.body.response).toMatchObject({ name: 'Новое имя', timezone: 'Asia/Yekaterinburg' });
    const get = await call(t.app, 'GET', `/api/v1/projects/${owner.projectId}`, { token: owner.token });
    expect(get.body.response).toMatchObject({ id: owner.projectId, name: 'Новое имя' });

    const history = await t.db
      .selectFrom('history_events')
      .selectAll()
      .where('project_id', '=', owner.projectId)
      .execute();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ kind: 'project.updated', subject_type: 'project' });
    expect(history[0]!.message).toBe(
      'Владелец изменил(а) настройки проекта: название «Старое имя» → «Новое имя», часовой пояс Europe/Moscow → Asia/Yekaterinburg',
    );
    expect(JSON.parse(history[0]!.before!)).toEqual({
      name: 'Старое имя',
      timezone: 'Europe/Moscow',
      phone_country: 'UA',
    });
  });

  it("saves the phone country, writes it into the history, and refuses a code that is not the picker's", async () => {
    const owner = await registerOwner(t.app, 'Москва');
    const url = `/api/v1/projects/${owner.projectId}`;
    const put = await call(t.app, 'PUT', url, { token: owner.token, body: { phone_country: 'RU' } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.response).toMatchObject({
      name: 'Москва',
      timezone: 'Europe/Moscow',
      phone_country: 'RU',
    });
    const get = await call(t.app, 'GET', url, { token: owner.token });
    expect(get.body.response.phone_country).toBe('RU');
    const history = await t.db
      .selectFrom('history_events')
      .selectAll()
      .where('project_id', '=', owner.projectId)
      .execute();
    expect(history.map((h) => h.message)).toEqual([
      'Владелец изменил(а) настройки проекта: страна телефонов UA → RU',
    ]);
    expect(JSON.parse(history[0]!.after!)).toMatchObject({ phone_country: 'RU' });

    // An unknown code, another continent's, a lower-case one: refused on the field, nothing saved.
    for (const code of ['XX', 'US', 'ru', '']) {
      const bad = await call(t.app, 'PUT', url, { token: owner.token, body: { phone_country: code } });
      expect(bad.status, code).toBe(422);
      expect(bad.body.errors.phone_country, code).toEqual(['Выберите страну из списка']);
    }
    expect((await call(t.app, 'GET', url, { token: owner.token })).body.response.phone_country).toBe('RU');
  });

  it('updates any subset of the settings: what is left out stays', async () => {
    const owner = await registerOwner(t.app, 'Первое');
    const url = `/api/v1/projects/${owner.projectId}`;
    const renamed = await call(t.app, 'PUT', url, { token: owner.token, body: { name: 'Второе' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.response).toMatchObject({ name: 'Второе', timezone: 'Europe/Moscow' });
    const moved = await call(t.app, 'PUT', url, { token: owner.token, body: { timezone: 'Asia/Omsk' } });
    expect(moved.body.response).toMatchObject({ name: 'Второе', timezone: 'Asia/Omsk' });
    const nothing = await call(t.app, 'PUT', url, { token: owner.token, body: {} });
    expect(nothing.body.response).toMatchObject({ name: 'Второе', timezone: 'Asia/Omsk' });
    const kinds = await t.db
      .selectFrom('history_events')
      .select('message')
      .where('project_id', '=', owner.projectId)
      .execute();
    expect(kinds.map((k) => k.message)).toEqual([
      'Владелец изменил(а) настройки проекта: название «Первое» → «Второе»',
      'Владелец изменил(а) настройки проекта: часовой пояс Europe/Moscow → Asia/Omsk',
    ]);
    const blank = await call(t.app, 'PUT', url, { token: owner.token, body: { name: '  ' } });
    expect(blank.status).toBe(422);
    expect(blank.body.errors.name).toEqual(['Обязательное поле']);
  });

  it('answers 404 for a project of someone else and for an unknown or malformed id', async () => {
    const owner = await registerOwner(t.app);
    const stranger = await registerUser(t.app);
    for (const url of [
      `/api/v1/projects/${owner.projectId}`,
      `/api/v1/projects/${owner.projectId}/user`,
      '/api/v1/projects/999999',
      '/api/v1/projects/abc',
    ]) {
      const res = await call(t.app, 'GET', url, { token: stranger.token });
      expect(res.status, url).toBe(404);
      expect(res.body).toEqual({ success: false, message: 'Не найдено' });
    }
    const put = await call(t.app, 'PUT', `/api/v1/projects/${owner.projectId}`, {
      token: stranger.token,
      body: { name: 'Захват', timezone: 'UTC' },
    });
    expect(put.status).toBe(404);
    const unchanged = await call(t.app, 'GET', `/api/v1/projects/${owner.projectId}`, { token: owner.token });
    expect(unchanged.body.response.name).toBe('Проект');
  });

  it('refuses a manager on the admin-only settings endpoint with 403', async () => {
    const owner = await registerOwner(t.app);
    const manager = await registerUser(t.app, 'Менеджер');
    const managerId = (await call(t.app, 'GET', '/api/v1/user', { token: manager.token })).body.response.id;
    await t.db
      .insertInto('project_members')
      .values({
        project_id: owner.projectId,
        user_id: managerId,
        role: 'manager',
        status_id: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const read = await call(t.app, 'GET', `/api/v1/projects/${owner.projectId}`, { token: manager.token });
    expect(read.status).toBe(200);
    const put = await call(t.app, 'PUT', `/api/v1/projects/${owner.projectId}`, {
      token: manager.token,
      body: { name: 'Нельзя', timezone: 'UTC' },
    });
    expect(put.status).toBe(403);
    expect(put.body).toEqual({ success: false, message: 'Недостаточно прав для этого действия' });
  });
});
