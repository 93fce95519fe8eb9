import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientCallsEndpoints,
  clientPageEndpoints,
  clientsEndpoints,
  conversationsEndpoints,
  remindersEndpoints,
  type ClientPage,
  type ClientReminder,
  type FormGroup,
  type TimelinePage,
} from '@crm/contract';
import { CLIENT_404, progressionJob } from '../clients/index.js';
import { createScheduler } from '../jobs/scheduler.js';
import { call, registerOwner, urlOf } from '../test/api.js';
import { pipelineProject } from '../test/pipeline-project.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

/** A project with a form (a phone, a link, a select) and a chain of stages, one moving on by itself. */
async function pageProject(t: TestApp, start = '2026-07-01T09:00:00Z') {
  t.clock.set(start);
  const p = await pipelineProject(t);
  const projectId = p.owner.projectId;
  const won = await p.addCategory({ name: 'Сделка', color: '77EF83' });
  const thinking = await p.addCategory({ name: 'Думает', next_category_id: won.id, duration: 3600 });
  const fresh = await p.addCategory({ name: 'Новые', color: '88E7FF' });
  const saved = await call(t.app, 'PUT', p.urls.form, {
    token: p.admin.token,
    body: {
      groups: [
        {
          title: 'Контакты',
          fields: [
            { type: 'phone_number', name: 'Телефон' },
            { type: 'social_network', name: 'Соцсеть' },
            { type: 'select', name: 'Источник', options: [{ name: 'Сайт' }, { name: 'Реклама' }] },
          ],
        },
      ],
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const [phone, social, source] = (saved.body.response as FormGroup[])[0]!.fields;
  const [site, ads] = source!.options;
  const ivan = await p.addClient(p.manager.token, {
    name: 'Иван',
    last_name: 'Петров',
    amount: 12500,
    category_id: fresh.id,
    fields: [
      { field_id: phone!.id, value: '+380501234567' },
      { field_id: social!.id, value: 'https://www.instagram.com/ivan' },
      { field_id: source!.id, value: String(site!.id) },
    ],
  });
  const url = {
    page: (clientId: number, pid = projectId) => urlOf(clientPageEndpoints.get, { projectId: pid, clientId }),
    timeline: (clientId: number, before?: string) =>
      `${urlOf(clientPageEndpoints.timeline, { projectId, clientId })}${before ? `?before=${encodeURIComponent(before)}` : ''}`,
    calls: (clientId: number) => urlOf(clientCallsEndpoints.create, { projectId, clientId }),
    reminders: (clientId: number) => urlOf(remindersEndpoints.create, { projectId, clientId }),
    complete: (id: number) => urlOf(remindersEndpoints.complete, { projectId, id }),
  };
  const ok = async (res: Awaited<ReturnType<typeof call>>, status = 200) => {
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body.response;
  };
  const pageOf = async (clientId: number, token = p.manager.token) =>
    (await ok(await call(t.app, 'GET', url.page(clientId), { token }))) as ClientPage;
  return { ...p, projectId, won, thinking, fresh, phone, social, source, site, ads, ivan, url, ok, pageOf };
}

describe("the client's page and its timeline (docs/product.md §4.8)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers the client, his stage, every form field and the timeline of everything, newest first', async () => {
    const p = await pageProject(t);
    const at = (minutes: number) =>
      t.clock.set(new Date(Date.parse('2026-07-01T09:00:00Z') + minutes * 60_000));
    const { ivan } = p;

    at(1);
    await p.ok(
      await call(t.app, 'POST', p.urls.notes(ivan.id), {
        token: p.manager.token,
        body: { note: 'Просил КП' },
      }),
      201,
    );
    at(2);
    const reminder = (await p.ok(
      await call(t.app, 'POST', p.url.reminders(ivan.id), {
        token: p.manager.token,
        body: { title: 'Позвонить', completion_date: '2026-07-02T09:00:00Z' },
      }),
      201,
    )) as ClientReminder;
    at(3);
    await p.ok(await call(t.app, 'POST', p.url.complete(reminder.id), { token: p.manager.token }));
    at(4);
    await p.ok(
      await call(t.app, 'PUT', p.urls.client(ivan.id), {
        token: p.manager.token,
        body: {
          name: 'Иван',
          last_name: 'Петров',
          amount: 15000,
          fields: [
            { field_id: p.phone!.id, value: '+380501234567' },
            { field_id: p.social!.id, value: 'https://www.instagram.com/ivan' },
            { field_id: p.source!.id, value: String(p.ads!.id) },
          ],
        },
      }),
    );
    at(5);
    await p.ok(
      await call(t.app, 'PUT', p.urls.moveClient(ivan.id), {
        token: p.manager.token,
        body: { category_id: p.thinking.id },
      }),
    );
    at(6);
    await p.ok(
      await call(t.app, 'POST', urlOf(conversationsEndpoints.create, { projectId: p.projectId }), {
        token: p.manager.token,
        body: { client_id: ivan.id, content: 'Можно скидку 10%?' },
      }),
      201,
    );
    at(7);
    await p.ok(
      await call(t.app, 'POST', p.url.calls(ivan.id), {
        token: p.manager.token,
        body: { outcome: 'reached', duration: 330, comment: 'Обсудили цену' },
      }),
      201,
    );
    // An hour in 'Думает' later the scheduler moves him on.
    at(7 + 60 + 2);
    await createScheduler(t.deps, [progressionJob], 'page-test').runDue();

    const page = await p.pageOf(ivan.id);
    expect(page.client).toMatchObject({ id: ivan.id, name: 'Иван', amount: 15000, category_id: p.won.id });
    expect(page.stage).toEqual({ id: p.won.id, name: 'Сделка', color: '77EF83', clue: null });
    expect(page.fields).toEqual([
      {
        field_id: p.phone!.id,
        name: 'Телефон',
        type: 'phone_number',
        value: '380501234567',
        text: '+380 50 123 4567',
      },
      {
        field_id: p.social!.id,
        name: 'Соцсеть',
        type: 'social_network',
        value: 'https://www.instagram.com/ivan',
        text: 'https://www.instagram.com/ivan',
      },
      { field_id: p.source!.id, name: 'Источник', type: 'select', value: String(p.ads!.id), text: 'Реклама' },
    ]);
    expect(page.timeline.next_before).toBeNull();
    const entries = page.timeline.data;
    expect(entries.map((e) => [e.kind, e.actor?.name ?? null])).toEqual([
      ['client_category_changed', null],
      ['client_call.logged', 'Мария Менеджерова'],
      ['conversation.message_sent', 'Мария Менеджерова'],
      ['client_category_changed', 'Мария Менеджерова'],
      ['client.updated', 'Мария Менеджерова'],
      ['client_reminder.completed', 'Мария Менеджерова'],
      ['client_reminder.created', 'Мария Менеджерова'],
      ['client_note.created', 'Мария Менеджерова'],
      ['client.created', 'Мария Менеджерова'],
    ]);
    const details = entries.map((e) => e.details);
    expect(details[0]).toEqual({
      type: 'stage',
      from: { id: p.thinking.id, name: 'Думает', color: 'AC8BE5' },
      to: { id: p.won.id, name: 'Сделка', color: '77EF83' },
      automatic: true,
      closing: null,
    });
    expect(details[1]).toMatchObject({
      type: 'call',
      call: {
        outcome: 'reached',
        duration: 330,
        comment: 'Обсудили цену',
        author: { name: 'Мария Менеджерова' },
      },
    });
    expect(entries[1]!.message).toBe(
      'Звонок клиенту «Иван Петров» — дозвонился, 5 мин 30 с: «Обсудили цену»',
    );
    expect(details[2]).toEqual({
      type: 'message',
      conversation_id: expect.any(Number),
      text: 'Можно скидку 10%?',
      from_admin: false,
    });
    expect(details[3]).toEqual({
      type: 'stage',
      from: { id: p.fresh.id, name: 'Новые', color: '88E7FF' },
      to: { id: p.thinking.id, name: 'Думает', color: 'AC8BE5' },
      automatic: false,
      closing: null,
    });
    expect(details[4]).toEqual({
      type: 'changes',
      changes: [
        { label: 'Сумма', before: (12500).toLocaleString('ru-RU'), after: (15000).toLocaleString('ru-RU') },
        { label: 'Источник', before: 'Сайт', after: 'Реклама' },
      ],
    });
    expect(details[5]).toEqual({
      type: 'reminder',
      reminder_id: reminder.id,
      event: 'completed',
      title: 'Позвонить',
      status: 'completed',
      completion_date: '2026-07-02T09:00:00.000Z',
      previous_completion_date: null,
      by_scenario: false,
    });
    expect(details[6]).toMatchObject({ type: 'reminder', reminder_id: reminder.id, event: 'created' });
    expect(details[7]).toEqual({ type: 'note', text: 'Просил КП' });
    expect(details[8]).toEqual({
      type: 'created',
      stage: { id: p.fresh.id, name: 'Новые', color: '88E7FF' },
    });

    // An admin reads the same page; the timeline's own endpoint answers the same first page.
    expect((await p.pageOf(ivan.id, p.admin.token)).timeline).toEqual(page.timeline);
    const again = await p.ok(await call(t.app, 'GET', p.url.timeline(ivan.id), { token: p.manager.token }));
    expect(again).toEqual(page.timeline);
  });

  it('tells the merge a client came from', async () => {
    const p = await pageProject(t);
    t.clock.set('2026-07-01T10:00:00Z');
    const twin = await p.addClient(p.manager.token, {
      name: 'Иван',
      last_name: 'Петров',
      category_id: p.fresh.id,
    });
    await p.ok(
      await call(t.app, 'POST', p.urls.notes(twin.id), {
        token: p.manager.token,
        body: { note: 'Заметка дубля' },
      }),
      201,
    );
    t.clock.set('2026-07-01T11:00:00Z');
    await p.ok(
      await call(t.app, 'POST', urlOf(clientsEndpoints.merge, { projectId: p.projectId, id: p.ivan.id }), {
        token: p.admin.token,
        body: { other_id: twin.id },
      }),
    );
    const { timeline } = await p.pageOf(p.ivan.id);
    expect(timeline.data[0]).toMatchObject({
      kind: 'client.merged',
      details: { type: 'merge', other: { id: twin.id, name: 'Иван Петров' } },
    });
    // The twin's own entries are his now.
    expect(timeline.data.map((e) => e.details.type)).toContain('note');
  });

  it("tells a move into 'Отказ' with its reason and into 'Успех' with the final amount", async () => {
    const p = await pageProject(t);
    const stages = (await p.categories()) as { id: number; name: string; outcome: string | null }[];
    const lost = stages.find((c) => c.outcome === 'lost')!;
    const won = stages.find((c) => c.outcome === 'won')!;
    t.clock.set('2026-07-01T10:00:00Z');
    await p.ok(
      await call(t.app, 'PUT', p.urls.moveClient(p.ivan.id), {
        token: p.manager.token,
        body: { category_id: lost.id, loss_reason_text: 'Дорого' },
      }),
    );
    t.clock.set('2026-07-01T11:00:00Z');
    await p.ok(
      await call(t.app, 'PUT', p.urls.moveClient(p.ivan.id), {
        token: p.manager.token,
        body: { category_id: won.id, final_amount: 90000 },
      }),
    );
    const [toWon, toLost] = (await p.pageOf(p.ivan.id)).timeline.data;
    expect(toWon!.details).toMatchObject({
      type: 'stage',
      to: { id: won.id },
      closing: { outcome: 'won', loss_reason: null, final_amount: 90000 },
    });
    expect(toLost!.details).toMatchObject({
      type: 'stage',
      to: { id: lost.id },
      closing: { outcome: 'lost', loss_reason: 'Дорого' },
    });
  });

  it('pages back by a cursor: 50 entries a page, none twice, none lost', async () => {
    const p = await pageProject(t);
    for (let i = 0; i < 60; i++) {
      t.clock.set(new Date(Date.parse('2026-07-02T00:00:00Z') + i * 1000));
      await p.ok(
        await call(t.app, 'POST', p.url.calls(p.ivan.id), {
          token: p.manager.token,
          body: { outcome: 'no_answer', comment: `Попытка ${i}` },
        }),
        201,
      );
    }
    const first = (await p.pageOf(p.ivan.id)).timeline;
    expect(first.data).toHaveLength(50);
    expect(first.next_before).not.toBeNull();
    const second = (await p.ok(
      await call(t.app, 'GET', p.url.timeline(p.ivan.id, first.next_before!), { token: p.manager.token }),
    )) as TimelinePage;
    expect(second.next_before).toBeNull();
    const all = [...first.data, ...second.data];
    expect(all).toHaveLength(61); // 60 calls and the creation
    expect(new Set(all.map((e) => e.id)).size).toBe(61);
    expect(all.at(-1)!.kind).toBe('client.created');
    expect(all[0]!.details).toMatchObject({ type: 'call', call: { comment: 'Попытка 59' } });

    const bad = await call(t.app, 'GET', `${p.url.timeline(p.ivan.id)}?before=10`, {
      token: p.manager.token,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ before: ['Неверный курсор'] });
  });

  it("answers the same 404 for a missing, a removed, another project's and another manager's client", async () => {
    const p = await pageProject(t);
    const other = await registerOwner(t.app, 'Чужой');
    const expect404 = async (url: string, token: string | null) => {
      const res = await call(t.app, 'GET', url, { token });
      expect(res.status, url).toBe(404);
      expect(res.body.message).toBe(CLIENT_404);
    };
    for (const url of [p.url.page, p.url.timeline]) {
      await expect404(url(999_999), p.admin.token);
      await expect404(url(p.ivan.id), p.second.token); // another manager's
    }
    await expect404(p.url.page(p.ivan.id, other.projectId), other.token); // his project, not this client
    const removed = await p.addClient(p.manager.token, {
      name: 'Ушёл',
      last_name: 'Совсем',
      category_id: p.fresh.id,
    });
    await p.ok(await call(t.app, 'DELETE', p.urls.client(removed.id), { token: p.admin.token }));
    await expect404(p.url.page(removed.id), p.manager.token);
    await expect404(p.url.timeline(removed.id), p.admin.token);

    // Anonymous: 401; a member of another project on this one: the project is not his (404).
    expect((await call(t.app, 'GET', p.url.page(p.ivan.id), { token: null })).status).toBe(401);
    expect((await call(t.app, 'GET', p.url.page(p.ivan.id), { token: other.token })).status).toBe(404);
  });
});
