import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFormEndpoints, leadFormsEndpoints, type LeadFormBody } from '@crm/contract';
import type { App } from '../../app.js';
import { call, callEndpoint, urlOf } from '../../test/api.js';
import { pipelineProject } from '../../test/pipeline-project.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

const SITE = 'https://shop.example.com';
let visitor = 0;
/** Each call from its own address, unless a test names one: the per-address pace is tested alone. */
const nextAddress = () => `203.0.113.${(visitor += 1) % 250}`;

/** A public call as a site's page makes it: its origin, its client address. */
const fromSite = (app: App, method: 'GET' | 'POST' | 'OPTIONS', url: string, options: { origin?: string; ip?: string; body?: unknown; payload?: string } = {}) =>
  app.inject({
    method,
    url,
    remoteAddress: options.ip ?? nextAddress(),
    headers: {
      ...(options.origin ? { origin: options.origin } : {}),
      ...(method === 'OPTIONS' ? { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } : {}),
      ...(options.payload ? { 'content-type': 'application/json' } : {}),
    },
    ...(options.body !== undefined ? { payload: options.body as object } : options.payload ? { payload: options.payload } : {}),
  });

describe('lead forms', () => {
  let t: TestApp;
  let p: Awaited<ReturnType<typeof pipelineProject>>;
  let stage: { id: number };
  let phoneId: number;
  let sourceId: number;

  beforeAll(async () => {
    t = await buildTestApp({ leadForms: { minFillMs: 3000, perAddressPerMinute: 5 } });
    p = await pipelineProject(t, 'Заявки');
    stage = await p.addCategory({ name: 'Заявки с сайта' });
    const group = await call(t.app, 'POST', urlOf(clientFormEndpoints.createGroup, { projectId: p.owner.projectId }), {
      token: p.admin.token,
      body: {
        project_id: p.owner.projectId,
        title: 'Контакты',
        fields: [
          { type: 'phone_number', name: 'Телефон', required: true },
          { type: 'text', name: 'Откуда узнали' },
        ],
      },
    });
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    const fields = group.body.response.fields as { id: number; name: string }[];
    phoneId = fields.find((f) => f.name === 'Телефон')!.id;
    sourceId = fields.find((f) => f.name === 'Откуда узнали')!.id;
  });
  afterAll(() => t.close());

  const body = (overrides: Partial<LeadFormBody> = {}): LeadFormBody => ({
    name: 'Сайт',
    field_ids: [phoneId, sourceId],
    category_id: stage.id,
    manager_rule: 'one',
    manager_id: p.manager.id,
    thank_you: 'Спасибо, перезвоним!',
    origins: [SITE],
    ...overrides,
  });
  const createForm = async (overrides: Partial<LeadFormBody> = {}) => {
    const res = await callEndpoint(t.app, leadFormsEndpoints.create, {
      params: { projectId: p.owner.projectId },
      token: p.admin.token,
      body: body(overrides),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.response as { id: number; public_key: string };
  };
  const show = async (key: string, origin = SITE) => {
    const res = await fromSite(t.app, 'GET', `/api/v1/lead-forms/${key}`, { origin });
    return { status: res.statusCode, headers: res.headers, body: res.json() };
  };
  const submit = async (key: string, values: Record<string, unknown>, options: { origin?: string; ip?: string } = { origin: SITE }) => {
    const res = await fromSite(t.app, 'POST', `/api/v1/lead-forms/${key}/submissions`, { ...options, body: values });
    return { status: res.statusCode, headers: res.headers, body: res.json() };
  };
  const clientsNamed = (lastName: string) =>
    t.db.selectFrom('clients').select(['id', 'manager_id', 'category_id']).where('last_name', '=', lastName).execute();
  /** A filled form, sent a few seconds after it was shown. */
  const lead = async (key: string, lastName: string, phone: string, ip = nextAddress()) => {
    const form = await show(key);
    t.clock.advance(4000);
    return submit(key, { name: 'Ольга', last_name: lastName, fields: [{ field_id: phoneId, value: phone }, { field_id: sourceId, value: 'Поиск' }], token: form.body.response.token }, { origin: SITE, ip });
  };

  it('shows the form to its site with CORS for that site only', async () => {
    const { public_key } = await createForm();
    const shown = await show(public_key);
    expect(shown.status).toBe(200);
    expect(shown.headers['access-control-allow-origin']).toBe(SITE);
    expect(shown.body.response).toMatchObject({ name: 'Сайт', thank_you: 'Спасибо, перезвоним!', min_fill_ms: 3000 });
    expect(shown.body.response.fields.map((f: { name: string }) => f.name)).toEqual(['Телефон', 'Откуда узнали']);

    const foreign = await show(public_key, 'https://evil.example.net');
    expect(foreign.status).toBe(403);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await fromSite(t.app, 'OPTIONS', `/api/v1/lead-forms/${public_key}/submissions`, { origin: SITE });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(SITE);
    expect(preflight.headers['access-control-allow-headers']).toBe('content-type');
    const foreignPreflight = await fromSite(t.app, 'OPTIONS', `/api/v1/lead-forms/${public_key}/submissions`, { origin: 'https://evil.example.net' });
    expect(foreignPreflight.statusCode).toBe(403);
    expect((await show('unknown-key-000000000')).status).toBe(404);
    const script = await fromSite(t.app, 'GET', `/api/v1/lead-forms/${public_key}/embed.js`);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('/api/v1/lead-forms/');
  });

  it('creates a client in its stage with its manager, recorded as the form', async () => {
    const { public_key, id } = await createForm({ name: 'Главная страница' });
    const res = await lead(public_key, 'Заявкина', '+7 912 000-11-22');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.response.thank_you).toBe('Спасибо, перезвоним!');
    const [client] = await clientsNamed('Заявкина');
    expect(client).toMatchObject({ manager_id: p.manager.id, category_id: stage.id });
    const entry = await t.db
      .selectFrom('history_events as h')
      .innerJoin('users as u', 'u.id', 'h.actor_id')
      .select('u.name')
      .where('h.kind', '=', 'client.created')
      .where('h.subject_id', '=', client!.id)
      .executeTakeFirstOrThrow();
    expect(entry.name).toBe('Форма «Главная страница»');
    const forms = await callEndpoint(t.app, leadFormsEndpoints.list, { params: { projectId: p.owner.projectId }, token: p.admin.token });
    expect(forms.body.response.find((f: { id: number }) => f.id === id).created_clients).toBe(1);
  });

  it('adds a second submission of the same phone to the client it duplicates, as a note', async () => {
    const { public_key } = await createForm({ name: 'Повторная' });
    expect((await lead(public_key, 'Дублева', '+7 912 000-33-44')).status).toBe(201);
    const again = await lead(public_key, 'Дублева-Новая', '+7 (912) 000 33 44');
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(await clientsNamed('Дублева-Новая')).toEqual([]);
    const [client] = await clientsNamed('Дублева');
    const notes = await t.db.selectFrom('client_notes').select('note').where('client_id', '=', client!.id).execute();
    expect(notes[0]!.note).toContain('Новая заявка с формы «Повторная»: Ольга Дублева-Новая');
  });

  it('gives new clients to the managers by turns', async () => {
    const { public_key } = await createForm({ name: 'По очереди', manager_rule: 'rotation', manager_id: null });
    for (const [i, family] of ['Первая', 'Вторая', 'Третья'].entries()) {
      expect((await lead(public_key, `Очередь${family}`, `+7 912 100-00-0${i}`)).status).toBe(201);
    }
    const owners = [];
    for (const family of ['Первая', 'Вторая', 'Третья']) owners.push((await clientsNamed(`Очередь${family}`))[0]!.manager_id);
    const managers = [p.manager.id, p.second.id].sort((a, b) => a - b);
    expect(owners).toEqual([managers[0], managers[1], managers[0]]);
  });

  it('refuses, with nothing stored: the honeypot, too fast, a token not its own, another site, too large, a form switched off', async () => {
    const form = await createForm({ name: 'Защита' });
    const key = form.public_key;
    const shown = await show(key);
    const token = shown.body.response.token as string;
    const values = (lastName: string, extra: Record<string, unknown> = {}) => ({
      name: 'Робот',
      last_name: lastName,
      fields: [{ field_id: phoneId, value: '+7 912 555-00-00' }],
      token,
      ...extra,
    });
    const tooFast = await submit(key, values('Быстров'));
    expect(tooFast.status).toBe(422);
    expect(tooFast.body.message).toBe('Форма отправлена слишком быстро: подождите несколько секунд и отправьте снова');
    t.clock.advance(4000);
    expect((await submit(key, values('Медовый', { website: 'http://spam.example' }))).status).toBe(400);
    expect((await submit(key, values('Подделкин', { token: `${Date.now() - 10_000}.forged` }))).status).toBe(400);
    expect((await submit(key, values('Чужаков'), { origin: 'https://evil.example.net' })).status).toBe(403);
    const big = await fromSite(t.app, 'POST', `/api/v1/lead-forms/${key}/submissions`, {
      origin: SITE,
      payload: JSON.stringify(values('Большой', { website: 'x'.repeat(20_000) })),
    });
    expect(big.statusCode).toBe(413);
    expect((await submit('not-a-form-key-000000', values('Никто'))).status).toBe(404);
    await callEndpoint(t.app, leadFormsEndpoints.update, {
      params: { projectId: p.owner.projectId, formId: form.id },
      token: p.admin.token,
      body: body({ name: 'Защита', enabled: false }),
    });
    expect((await submit(key, values('Выключенный'))).status).toBe(404);
    for (const family of ['Быстров', 'Медовый', 'Подделкин', 'Чужаков', 'Большой', 'Никто', 'Выключенный']) {
      expect(await clientsNamed(family)).toEqual([]);
    }
  });

  it('throttles one address with Retry-After while the server keeps answering', async () => {
    const { public_key } = await createForm({ name: 'Поток' });
    const shown = await show(public_key);
    t.clock.advance(4000);
    const statuses: number[] = [];
    const flood = Array.from({ length: 300 }, () =>
      submit(public_key, { name: 'Флуд', last_name: 'Флудов', fields: [{ field_id: phoneId, value: '+7 912 999-99-99' }], token: shown.body.response.token }, { origin: SITE, ip: '198.51.100.7' }),
    );
    for (const res of await Promise.all(flood)) statuses.push(res.status);
    expect(statuses.filter((s) => s === 201).length).toBe(5);
    expect(statuses.filter((s) => s === 429).length).toBe(295);
    const refused = await submit(public_key, { name: 'Ещё', last_name: 'Один', token: shown.body.response.token }, { origin: SITE, ip: '198.51.100.7' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back by it; the API answers.
    expect((await lead(public_key, 'Соседов', '+7 912 999-00-01', '198.51.100.8')).status).toBe(201);
    expect((await call(t.app, 'GET', '/api/v1/user', { token: p.admin.token })).status).toBe(200);
  });

  it('refuses a form without its site, a manager not of the project, a required field left out', async () => {
    const create = (b: LeadFormBody, token = p.admin.token) =>
      callEndpoint(t.app, leadFormsEndpoints.create, { params: { projectId: p.owner.projectId }, token, body: b });
    expect((await create(body({ origins: [] }))).body.errors.origins).toEqual(['Укажите хотя бы один сайт, с которого отправляют форму']);
    expect((await create(body({ origins: ['shop.example.com'] }))).status).toBe(422);
    expect((await create(body({ manager_id: 999_999 }))).body.errors.manager_id).toEqual(['Выберите менеджера']);
    expect((await create(body({ field_ids: [sourceId] }))).body.errors.field_ids).toEqual(['Добавьте обязательные поля клиента: «Телефон»']);
    expect((await create(body(), p.manager.token)).status).toBe(403);
  });
});
