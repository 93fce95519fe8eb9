import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webhooksEndpoints, type WebhookBody, type WebhookEvent } from '@crm/contract';
import { call, callEndpoint, urlOf } from '../../test/api.js';
import { pipelineProject } from '../../test/pipeline-project.js';
import { buildTestApp, buildTwin, testDialect, type TestApp } from '../../test/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/test-webhook-receiver.js';
import { RETRY_DELAYS_S, SWITCHED_OFF, senderFor, webhookDeliveriesJob } from './delivery-worker.js';

type Project = Awaited<ReturnType<typeof pipelineProject>>;

/** A project with two stages, a client, and a webhook to the receiver for these events. */
async function hooked(t: TestApp, receiver: WebhookReceiver, events: WebhookEvent[] = ['client.stage_changed']) {
  const p = await pipelineProject(t, 'Вебхуки');
  const first = await p.addCategory({ name: 'Новые' });
  const second = await p.addCategory({ name: 'Переговоры' });
  const created = await callEndpoint(t.app, webhooksEndpoints.create, {
    params: { projectId: p.owner.projectId },
    token: p.admin.token,
    body: { url: receiver.url, events },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  receiver.useSecret(created.body.response.secret);
  const client = await p.addClient(p.manager.token, { name: 'Иван', last_name: 'Крючков', category_id: first.id });
  const move = (id: number, categoryId: number) =>
    call(t.app, 'PUT', p.urls.moveClient(id), { token: p.manager.token, body: { category_id: categoryId } });
  return { p, first, second, client, move, webhookId: created.body.response.id as number };
}

const deliveries = (t: TestApp, webhookId: number) =>
  t.db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId).orderBy('id').execute();

describe('webhooks: the endpoints and their refusals', () => {
  let t: TestApp;
  let p: Project;
  beforeAll(async () => {
    t = await buildTestApp();
    p = await pipelineProject(t, 'Адреса');
  });
  afterAll(() => t.close());

  const create = (body: WebhookBody, token = p.admin.token) =>
    callEndpoint(t.app, webhooksEndpoints.create, { params: { projectId: p.owner.projectId }, token, body });

  it.each([
    ['http://hooks.example.com/crm', 'Адрес должен начинаться с https://'],
    ['https://127.0.0.1/hook', 'Адрес ведёт во внутреннюю сеть: укажите адрес, доступный из интернета'],
    ['https://10.1.2.3/hook', 'Адрес ведёт во внутреннюю сеть: укажите адрес, доступный из интернета'],
    ['https://169.254.169.254/latest/meta-data', 'Адрес ведёт во внутреннюю сеть: укажите адрес, доступный из интернета'],
    ['https://[::1]:8443/hook', 'Адрес ведёт во внутреннюю сеть: укажите адрес, доступный из интернета'],
    ['https://[::ffff:192.168.0.1]/hook', 'Адрес ведёт во внутреннюю сеть: укажите адрес, доступный из интернета'],
    // A name that resolves to this machine.
    ['https://localhost:8443/hook', 'Адрес ведёт во внутреннюю сеть: укажите адрес, доступный из интернета'],
    ['ftp://example.com/hook', 'Введите адрес вида https://example.com/hook'],
  ])('refuses %s with 422 and stores nothing', async (url, message) => {
    const res = await create({ url, events: ['client.created'] });
    expect(res.status).toBe(422);
    expect(res.body.errors.url).toEqual([message]);
    const stored = await t.db.selectFrom('webhooks').select('id').where('project_id', '=', p.owner.projectId).execute();
    expect(stored).toEqual([]);
  });

  it('refuses no events and an unknown one', async () => {
    const none = await create({ url: 'https://hooks.example.com/crm', events: [] });
    expect(none.body.errors.events).toEqual(['Выберите хотя бы одно событие']);
    const unknown = await create({ url: 'https://hooks.example.com/crm', events: ['client.exploded' as WebhookEvent] });
    expect(unknown.status).toBe(422);
  });

  it('refuses a manager, and a key of the project', async () => {
    expect((await create({ url: 'https://hooks.example.com/crm', events: ['client.created'] }, p.manager.token)).status).toBe(
      403,
    );
    const key = await call(t.app, 'POST', `/api/v1/projects/${p.owner.projectId}/api-keys`, {
      token: p.admin.token,
      body: { name: 'Скрипт', scope: 'write' },
    });
    const list = await callEndpoint(t.app, webhooksEndpoints.list, {
      params: { projectId: p.owner.projectId },
      token: key.body.response.key,
    });
    expect(list.status).toBe(403);
  });
});

describe('webhooks: deliveries', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    t = await buildTestApp({ webhooks: { allowPrivate: true, timeoutMs: 300 } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await receiver?.close();
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver.close());

  it('sends a signed delivery once the move committed, without waiting for the scheduler', async () => {
    const { p, second, client, move, webhookId } = await hooked(t, receiver);
    const list = await callEndpoint(t.app, webhooksEndpoints.list, { params: { projectId: p.owner.projectId }, token: p.admin.token });
    expect(JSON.stringify(list.body.response)).not.toContain('whsec_');

    expect((await move(client.id, second.id)).status).toBe(200);
    await receiver.waitFor(1);
    const [got] = receiver.received;
    expect(got!.verified).toBe(true);
    expect(got!.json).toMatchObject({
      id: got!.id,
      type: 'client.stage_changed',
      project_id: p.owner.projectId,
      data: { id: client.id, category_id: second.id, name: 'Иван' },
    });
    expect(got!.id).toMatch(/^msg_/);
    await senderFor(t.deps).idle();
    const [row] = await deliveries(t, webhookId);
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, response_status: 200, response: 'принято' });

    // A change that is refused queues nothing.
    const refused = await move(client.id, 999_999);
    expect(refused.status).toBe(422);
    expect(await deliveries(t, webhookId)).toHaveLength(1);
  });

  it('retries a failure and a time-out with growing delays, with the same id on every try', async () => {
    const { second, first, client, move, webhookId } = await hooked(t, receiver);
    receiver.answer('fail', 'hang');
    await move(client.id, second.id);
    await receiver.waitFor(1);
    await senderFor(t.deps).idle();
    let [row] = await deliveries(t, webhookId);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, response_status: 500, response: 'сломалось' });
    expect(Date.parse(row!.next_attempt_at!) - Date.parse(row!.last_attempt_at!)).toBe(RETRY_DELAYS_S[0]! * 1000);

    // Not yet due: the scheduler's pass leaves it.
    expect(await webhookDeliveriesJob.run(t.deps, t.clock.now())).toBe(0);
    t.clock.advance(RETRY_DELAYS_S[0]! * 1000);
    expect(await webhookDeliveriesJob.run(t.deps, t.clock.now())).toBe(1);
    await senderFor(t.deps).idle();
    [row] = await deliveries(t, webhookId);
    expect(row).toMatchObject({ status: 'pending', attempts: 2, response_status: null, response: 'Нет ответа за 300 мс' });
    expect(Date.parse(row!.next_attempt_at!) - Date.parse(row!.last_attempt_at!)).toBe(RETRY_DELAYS_S[1]! * 1000);

    t.clock.advance(RETRY_DELAYS_S[1]! * 1000);
    await webhookDeliveriesJob.run(t.deps, t.clock.now());
    await senderFor(t.deps).idle();
    [row] = await deliveries(t, webhookId);
    expect(row).toMatchObject({ status: 'delivered', attempts: 3 });
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(1);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    void first;
  });

  it("keeps one client's deliveries in order while an earlier one is retried; other clients go on", async () => {
    const { p, first, second, client, move } = await hooked(t, receiver);
    const other = await p.addClient(p.manager.token, { name: 'Пётр', last_name: 'Другой', category_id: first.id });
    receiver.answer('fail');
    await move(client.id, second.id);
    await receiver.waitFor(1);
    await senderFor(t.deps).idle();
    await move(client.id, first.id);
    await move(client.id, second.id);
    await move(other.id, second.id);
    await receiver.waitFor(2);
    await senderFor(t.deps).idle();
    // The other client's went; this client's two later ones wait behind the first.
    expect(receiver.received.map((r) => r.json.data.id)).toEqual([client.id, other.id]);

    t.clock.advance(RETRY_DELAYS_S[0]! * 1000);
    await webhookDeliveriesJob.run(t.deps, t.clock.now());
    await receiver.waitFor(5);
    await senderFor(t.deps).idle();
    const mine = receiver.received.filter((r) => r.json.data.id === client.id).map((r) => r.json.data.category_id);
    expect(mine).toEqual([second.id, second.id, first.id, second.id]);
  });

  it('switches off an endpoint failing for a day, tells its admins, and resumes once switched on', async () => {
    const { p, second, first, client, move, webhookId } = await hooked(t, receiver);
    receiver.otherwise('fail');
    await move(client.id, second.id);
    await receiver.waitFor(1);
    await senderFor(t.deps).idle();
    for (const delay of RETRY_DELAYS_S) {
      t.clock.advance(delay * 1000);
      await webhookDeliveriesJob.run(t.deps, t.clock.now());
      await senderFor(t.deps).idle();
    }
    const [hook] = await t.db.selectFrom('webhooks').selectAll().where('id', '=', webhookId).execute();
    expect(hook).toMatchObject({ enabled: 0, disabled_reason: SWITCHED_OFF });
    const notices = await t.db
      .selectFrom('notifications')
      .select(['user_id', 'message'])
      .where('project_id', '=', p.owner.projectId)
      .where('type', '=', 'webhook_disabled')
      .execute();
    expect(notices.map((n) => n.user_id).sort()).toEqual([p.admin.id, (await ownerId(t, p))].sort());
    const [entry] = await p.history('webhook.switched_off');
    expect(entry!.actor_id).toBeNull();

    // Switched off: a new change queues nothing; switched on, the pending one leaves again.
    const countBefore = (await deliveries(t, webhookId)).length;
    await move(client.id, first.id);
    expect((await deliveries(t, webhookId)).length).toBe(countBefore);
    receiver.otherwise('ok');
    const on = await callEndpoint(t.app, webhooksEndpoints.update, {
      params: { projectId: p.owner.projectId, webhookId },
      token: p.admin.token,
      body: { url: receiver.url, events: ['client.stage_changed'], enabled: true },
    });
    expect(on.body.response).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
  });

  it("replays a delivery from the log with 'Повторить', with the same id", async () => {
    const { p, second, client, move, webhookId } = await hooked(t, receiver);
    await move(client.id, second.id);
    await receiver.waitFor(1);
    await senderFor(t.deps).idle();
    const log = await callEndpoint(t.app, webhooksEndpoints.deliveries, {
      params: { projectId: p.owner.projectId, webhookId },
      token: p.admin.token,
    } as never);
    expect(log.body.response.data[0]).toMatchObject({ status: 'delivered', response_status: 200, event: 'client.stage_changed' });
    const deliveryId = log.body.response.data[0].id;
    const retried = await callEndpoint(t.app, webhooksEndpoints.retry, {
      params: { projectId: p.owner.projectId, webhookId, deliveryId },
      token: p.admin.token,
    });
    expect(retried.status).toBe(200);
    await receiver.waitFor(2);
    expect(receiver.received[1]!.id).toBe(receiver.received[0]!.id);
    // Another project's admin reaches neither the log nor the replay.
    const stranger = await pipelineProject(t, 'Чужие');
    const foreign = await call(t.app, 'POST', urlOf(webhooksEndpoints.retry, { projectId: stranger.owner.projectId, webhookId, deliveryId }), {
      token: stranger.admin.token,
    });
    expect(foreign.status).toBe(404);
  });

  it('queues an event for each endpoint that asked for it, with the entity as the API answers it', async () => {
    const { p, client, webhookId } = await hooked(t, receiver, ['client.updated', 'client.reassigned', 'note.created']);
    const updated = await call(t.app, 'PUT', p.urls.client(client.id), {
      token: p.admin.token,
      body: { name: 'Иван', last_name: 'Крючков', amount: 500, category_id: client.category_id, manager_id: p.second.id, fields: [] },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const note = await call(t.app, 'POST', p.urls.notes(client.id), { token: p.admin.token, body: { note: 'Позвонить в пятницу' } });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    await senderFor(t.deps).idle();
    expect(receiver.received.map((r) => r.json.type).sort()).toHaveLength(3);
    await receiver.waitFor(3);
    await senderFor(t.deps).idle();
    const types = receiver.received.map((r) => r.json.type).sort();
    expect(types).toEqual(['client.reassigned', 'client.updated', 'note.created']);
    const reassigned = receiver.received.find((r) => r.json.type === 'client.reassigned')!;
    expect(reassigned.json.data).toMatchObject({ id: client.id, amount: 500, manager_id: p.second.id });
    expect(reassigned.json.previous).toMatchObject({ manager_id: p.manager.id });
    expect((await deliveries(t, webhookId)).every((d) => d.status === 'delivered')).toBe(true);
  });
});

describe('webhooks: the address is checked at each delivery', () => {
  it('refuses to connect when the name resolves to a private address by then (DNS rebinding)', async () => {
    const t = await buildTestApp();
    const receiver = await startWebhookReceiver();
    try {
      const p = await pipelineProject(t, 'Перепривязка');
      const stage = await p.addCategory({ name: 'Новые' });
      // Saved while it pointed elsewhere: written here, as the save's own check would pass it.
      const now = t.clock.now().toISOString();
      const { id } = await t.db
        .insertInto('webhooks')
        .values({
          project_id: p.owner.projectId,
          url: `https://localhost:${receiver.port}/hook`,
          events: JSON.stringify(['client.created']),
          secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
          enabled: 1,
          disabled_reason: null,
          failing_since: null,
          created_by: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await p.addClient(p.manager.token, { name: 'Анна', last_name: 'Тестова', category_id: stage.id });
      await senderFor(t.deps).idle();
      const [row] = await deliveries(t, id);
      expect(row).toMatchObject({
        status: 'pending',
        attempts: 1,
        response_status: null,
        response: 'Адрес ведёт во внутреннюю сеть: укажите адрес, доступный из интернета',
      });
      expect(receiver.received).toEqual([]);
    } finally {
      await receiver.close();
      await t.close();
    }
  });
});

describe.runIf(testDialect === 'postgres')('webhooks on two instances', () => {
  it('delivers each event once when both send at the same time', async () => {
    const one = await buildTestApp({ webhooks: { allowPrivate: true, timeoutMs: 2000 } });
    const two = await buildTwin(one);
    const receiver = await startWebhookReceiver();
    try {
      const { p, second, first, move, webhookId } = await hooked(one, receiver, ['client.created', 'client.stage_changed']);
      // A slow receiver: the first instance is still sending while both claim the rest.
      receiver.otherwise({ slowMs: 50 });
      const clients = [];
      for (let i = 0; i < 20; i += 1) {
        clients.push(await p.addClient(p.manager.token, { name: `Клиент${i}`, last_name: 'Пачкин', category_id: first.id }));
      }
      for (const c of clients) await move(c.id, second.id);
      const pending = async () =>
        (await deliveries(one, webhookId)).filter((d) => d.status === 'pending').length;
      while ((await pending()) > 0) {
        await Promise.all([webhookDeliveriesJob.run(one.deps, one.clock.now()), webhookDeliveriesJob.run(two.deps, two.clock.now())]);
        await Promise.all([senderFor(one.deps).idle(), senderFor(two.deps).idle()]);
      }
      // Every event queued (the first client's creation included), each sent once, whichever
      // instance claimed it.
      const ids = receiver.received.map((r) => r.id);
      expect(ids.length).toBe(41);
      expect(new Set(ids).size).toBe(41);
    } finally {
      await receiver.close();
      await two.close();
      await one.close();
    }
  });
});

async function ownerId(t: TestApp, p: Project) {
  const me = await call(t.app, 'GET', '/api/v1/user', { token: p.owner.token });
  return me.body.response.id as number;
}
