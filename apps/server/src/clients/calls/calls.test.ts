import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_COMMENT_MAX, clientCallsEndpoints, historyEndpoints, type ClientCall } from '@crm/contract';
import { call, registerOwner, urlOf } from '../../test/api.js';
import { pipelineProject } from '../../test/pipeline-project.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

describe('logged calls (docs/product.md §4.8, "The client\'s page")', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function withClient() {
    t.clock.set('2026-07-01T09:00:00Z');
    const p = await pipelineProject(t);
    const stage = await p.addCategory({ name: 'Новые' });
    const ivan = await p.addClient(p.manager.token, {
      name: 'Иван',
      last_name: 'Петров',
      category_id: stage.id,
    });
    const url = (clientId: number) =>
      urlOf(clientCallsEndpoints.create, { projectId: p.owner.projectId, clientId });
    const log = (token: string | null, body: unknown, clientId = ivan.id) =>
      call(t.app, 'POST', url(clientId), { token, body });
    return { p, stage, ivan, log };
  }

  it('logs a call by the manager and by an admin, with its history entry', async () => {
    const { p, ivan, log } = await withClient();
    const res = await log(p.manager.token, { outcome: 'reached', duration: 90, comment: '  Ждёт счёт  ' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.response).toEqual({
      id: expect.any(Number),
      client_id: ivan.id,
      outcome: 'reached',
      duration: 90,
      comment: 'Ждёт счёт',
      author: { id: p.manager.id, name: 'Мария Менеджерова' },
      called_at: expect.stringMatching(/^2026-07-01T09:00:0\d\.\d{3}Z$/),
      created_at: expect.stringMatching(/^2026-07-01T09:00:0\d\.\d{3}Z$/),
    });
    const logged = res.body.response as ClientCall;
    expect(logged.called_at).toBe(logged.created_at);

    const byAdmin = await log(p.admin.token, { outcome: 'busy', called_at: '2026-07-01T08:30:00+00:00' });
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.response).toMatchObject({
      outcome: 'busy',
      duration: 0,
      comment: '',
      called_at: '2026-07-01T08:30:00.000Z',
      author: { name: 'Анна Админова' },
    });

    const history = await p.history('client_call.logged');
    expect(history.map((h) => [h.actor_id, h.message])).toEqual([
      [p.manager.id, 'Звонок клиенту «Иван Петров» — дозвонился, 1 мин 30 с: «Ждёт счёт»'],
      [p.admin.id, 'Звонок клиенту «Иван Петров» — занято'],
    ]);
    // The history page lists them under their own subject, for the manager too.
    const page = await call(
      t.app,
      'GET',
      `${urlOf(historyEndpoints.list, { projectId: p.owner.projectId })}?subject_type=client_call`,
      { token: p.manager.token },
    );
    expect(
      page.body.response.data.map((e: { kind: string; client_id: number }) => [e.kind, e.client_id]),
    ).toEqual([
      ['client_call.logged', ivan.id],
      ['client_call.logged', ivan.id],
    ]);
  });

  it('refuses bad input with Russian messages on the fields, and writes nothing', async () => {
    const { p, log } = await withClient();
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { outcome: ['Выберите, чем закончился звонок'] }],
      [{ outcome: 'lost' }, { outcome: ['Выберите, чем закончился звонок'] }],
      [
        { outcome: 'reached', duration: -1 },
        { duration: ['Длительность — целое число секунд, не больше суток'] },
      ],
      [
        { outcome: 'reached', duration: 1.5 },
        { duration: ['Длительность — целое число секунд, не больше суток'] },
      ],
      [
        { outcome: 'reached', duration: 86_401 },
        { duration: ['Длительность — целое число секунд, не больше суток'] },
      ],
      [
        { outcome: 'reached', comment: 'я'.repeat(CALL_COMMENT_MAX + 1) },
        { comment: [`Не более ${CALL_COMMENT_MAX} символов`] },
      ],
      [
        { outcome: 'reached', comment: 'a\u0000b' },
        { comment: ['Текст содержит недопустимые служебные символы'] },
      ],
      [{ outcome: 'reached', called_at: 'вчера' }, { called_at: ['Укажите дату и время звонка'] }],
      [
        { outcome: 'reached', called_at: '2026-07-01T10:00:00Z' },
        { called_at: ['Звонок не может быть в будущем'] },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await log(p.manager.token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors, JSON.stringify(body)).toEqual(errors);
    }
    expect(await p.history('client_call.logged')).toEqual([]);
  });

  it("refuses the anonymous, another project's member, another manager's client and a removed one", async () => {
    const { p, stage, ivan, log } = await withClient();
    const body = { outcome: 'no_answer' };
    expect((await log(null, body)).status).toBe(401);
    const other = await registerOwner(t.app, 'Чужой');
    expect((await log(other.token, body)).status).toBe(404);
    const foreign = await log(p.second.token, body);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Клиент не найден');
    const gone = await p.addClient(p.manager.token, {
      name: 'Ушёл',
      last_name: 'Совсем',
      category_id: stage.id,
    });
    expect((await call(t.app, 'DELETE', p.urls.client(gone.id), { token: p.admin.token })).status).toBe(200);
    expect((await log(p.manager.token, body, gone.id)).status).toBe(404);
    expect((await log(p.manager.token, body, 999_999)).status).toBe(404);
    expect(await p.history('client_call.logged')).toEqual([]);
    expect(ivan.id).toBeGreaterThan(0);
  });
});
