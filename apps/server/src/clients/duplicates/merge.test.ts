import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientsEndpoints,
  conversationsEndpoints,
  MERGE_SAME_CLIENT,
  remindersEndpoints,
  type Client,
} from '@crm/contract';
import type { Feature } from '../../feature.js';
import { features } from '../../features.js';
import { call, urlOf } from '../../test/api.js';
import { openLiveStream } from '../../test/live-stream.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { projectWithContacts } from './duplicates.fixtures.js';

type Setup = Awaited<ReturnType<typeof projectWithContacts>>;

/**
 * Two duplicates with something of every kind (docs/product.md, "Duplicates"): the survivor, the
 * manager's, with a conversation and a stay; the other, the second manager's, added an hour later
 * with the same number written otherwise, more values, a note, a reminder, a conversation and a
 * move to another stage.
 */
async function duplicatePair(t: TestApp, setup: Setup) {
  const { p, fields, create } = setup;
  const projectId = p.owner.projectId;
  const later = await p.addCategory({ name: 'Думает' });
  t.clock.set(new Date('2026-07-01T10:00:00Z'));
  const survivor = await create(
    p.manager.token,
    { name: 'Иван', last_name: 'Петров' },
    { [fields.phone]: '+380 50 123 45 67' },
  );
  const ask = async (token: string, clientId: number, content: string) => {
    const res = await call(t.app, 'POST', urlOf(conversationsEndpoints.create, { projectId }), {
      token,
      body: { client_id: clientId, content },
    });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  };
  await ask(p.manager.token, survivor.id, 'Про Ивана: какая скидка?');

  t.clock.set(new Date('2026-07-01T11:00:00Z'));
  const other = await create(
    p.second.token,
    { name: 'Иван', last_name: 'Петров' },
    {
      [fields.phone]: '050 123 45 67',
      [fields.social]: 'https://www.instagram.com/ivan.petrov',
      [fields.city]: 'Киев',
    },
  );
  const edited = await call(t.app, 'PUT', p.urls.client(other.id), {
    token: p.second.token,
    body: { name: 'Иван', last_name: 'Петров', amount: 5000, traffic: true },
  });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  const note = await call(t.app, 'POST', p.urls.notes(other.id), {
    token: p.second.token,
    body: { note: 'Просил перезвонить вечером' },
  });
  expect(note.status).toBe(201);
  const reminder = await call(
    t.app,
    'POST',
    urlOf(remindersEndpoints.create, { projectId, clientId: other.id }),
    {
      token: p.second.token,
      body: { title: 'Перезвонить Ивану', completion_date: '2026-07-02T09:00:00.000Z', tasks: [] },
    },
  );
  expect(reminder.status, JSON.stringify(reminder.body)).toBe(201);
  await ask(p.second.token, other.id, 'Иван просит рассрочку');
  t.clock.set(new Date('2026-07-01T12:00:00Z'));
  const moved = await call(t.app, 'PUT', p.urls.moveClient(other.id), {
    token: p.second.token,
    body: { category_id: later.id },
  });
  expect(moved.status).toBe(200);
  t.clock.set(new Date('2026-07-01T13:00:00Z'));
  return { survivor, other, later, reminderId: reminder.body.response.id as number };
}

const mergeUrl = (projectId: number, id: number) => urlOf(clientsEndpoints.merge, { projectId, id });

/** Every row the merge may touch, of these clients, as the database holds it. */
async function rowsOf(t: TestApp, projectId: number, ids: number[]) {
  const conversations = await t.db
    .selectFrom('conversations')
    .selectAll()
    .where('client_id', 'in', ids)
    .execute();
  const conversationIds = [0, ...conversations.map((c) => c.id)];
  const byId = <R extends { id: number }>(rows: R[]) => [...rows].sort((a, b) => a.id - b.id);
  return {
    clients: byId(await t.db.selectFrom('clients').selectAll().where('id', 'in', ids).execute()),
    values: byId(
      await t.db.selectFrom('client_field_values').selectAll().where('client_id', 'in', ids).execute(),
    ),
    contacts: await t.db
      .selectFrom('client_contacts')
      .selectAll()
      .where('client_id', 'in', ids)
      .orderBy('client_id')
      .orderBy('key')
      .execute(),
    notes: byId(await t.db.selectFrom('client_notes').selectAll().where('client_id', 'in', ids).execute()),
    reminders: byId(
      await t.db.selectFrom('client_reminders').selectAll().where('client_id', 'in', ids).execute(),
    ),
    conversations: byId(conversations),
    messages: byId(
      await t.db
        .selectFrom('conversation_messages')
        .selectAll()
        .where('conversation_id', 'in', conversationIds)
        .execute(),
    ),
    reads: await t.db
      .selectFrom('conversation_reads')
      .selectAll()
      .where('conversation_id', 'in', conversationIds)
      .orderBy('conversation_id')
      .orderBy('user_id')
      .execute(),
    stays: byId(
      await t.db.selectFrom('client_stage_stays').selectAll().where('client_id', 'in', ids).execute(),
    ),
    history: byId(
      await t.db.selectFrom('history_events').selectAll().where('project_id', '=', projectId).execute(),
    ),
  };
}

describe('merging duplicates (docs/product.md, "Duplicates")', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('the survivor keeps its values, takes the empty ones and every row of the other, which is gone', async () => {
    const setup = await projectWithContacts(t);
    const { p, fields, category } = setup;
    const projectId = p.owner.projectId;
    const { survivor, other, later, reminderId } = await duplicatePair(t, setup);

    // Its duplicates, before: the other, sharing the number and the name.
    const found = await call(
      t.app,
      'GET',
      urlOf(clientsEndpoints.clientDuplicates, { projectId, id: survivor.id }),
      {
        token: p.admin.token,
      },
    );
    expect(found.body.response).toEqual([
      {
        client: { id: other.id, name: 'Иван', last_name: 'Петров' },
        manager: { id: p.second.id, name: 'Пётр Второй' },
        matches: ['phone_number', 'name'],
      },
    ]);

    const res = await call(t.app, 'POST', mergeUrl(projectId, survivor.id), {
      token: p.admin.token,
      body: { other_id: other.id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const merged = res.body.response as Client;
    // Its own number, manager and stage; the other's amount, traffic, link and city.
    expect(merged).toMatchObject({
      id: survivor.id,
      name: 'Иван',
      last_name: 'Петров',
      amount: 5000,
      traffic: true,
      category_id: category.id,
      manager_id: p.manager.id,
    });
    expect(Object.fromEntries(merged.fields.map((f) => [f.field_id, f.value]))).toEqual({
      [fields.phone]: '380501234567',
      [fields.social]: 'https://www.instagram.com/ivan.petrov',
      [fields.city]: 'Киев',
    });
    expect((await call(t.app, 'GET', p.urls.client(other.id), { token: p.admin.token })).status).toBe(404);

    const rows = await rowsOf(t, projectId, [survivor.id, other.id]);
    expect(rows.clients.map((c) => c.id)).toEqual([survivor.id]);
    // The notes, the reminder (its open one now the survivor's manager's), one conversation.
    expect(rows.notes.map((n) => [n.client_id, n.note])).toEqual([
      [survivor.id, 'Просил перезвонить вечером'],
    ]);
    expect(rows.reminders.map((r) => [r.id, r.client_id, r.manager_id])).toEqual([
      [reminderId, survivor.id, p.manager.id],
    ]);
    expect(rows.conversations).toHaveLength(1);
    expect(rows.conversations[0]).toMatchObject({ client_id: survivor.id, manager_id: p.manager.id });
    expect(rows.messages.map((m) => [m.conversation_id, m.content])).toEqual([
      [rows.conversations[0]!.id, 'Про Ивана: какая скидка?'],
      [rows.conversations[0]!.id, 'Иван просит рассрочку'],
    ]);
    expect(rows.conversations[0]!.last_message_id).toBe(rows.messages[1]!.id);
    // The stays: the other's left at the merge; his first entry into 'Новые' was the survivor's.
    const minute = (at: string | null) => at?.slice(0, 16) ?? null;
    expect(
      rows.stays.map((s) => [
        s.client_id,
        s.category_id,
        s.first_entry,
        minute(s.entered_at),
        minute(s.left_at),
      ]),
    ).toEqual([
      [survivor.id, category.id, 1, '2026-07-01T10:00', null],
      [survivor.id, category.id, 0, '2026-07-01T11:00', '2026-07-01T12:00'],
      [survivor.id, later.id, 1, '2026-07-01T12:00', '2026-07-01T13:00'],
    ]);
    // The keys and the search know the survivor by what it took.
    expect(rows.contacts.map((c) => [c.client_id, c.key])).toEqual([
      [survivor.id, 'tel:380501234567'],
      [survivor.id, 'web:instagram.com/ivan.petrov'],
    ]);
    const searched = await call(
      t.app,
      'GET',
      `${urlOf(clientsEndpoints.search, { projectId })}?search=Киев`,
      {
        token: p.admin.token,
      },
    );
    expect(searched.body.response.data.map((c: Client) => c.id)).toEqual([survivor.id]);

    // The history: the other's entries are the survivor's now; each has its entry of the merge.
    const history = rows.history.filter((h) => h.client_id === survivor.id || h.client_id === other.id);
    const mergedEntry = history.find((h) => h.kind === 'client.merged');
    expect(mergedEntry).toMatchObject({
      client_id: survivor.id,
      subject_id: survivor.id,
      message: `Клиент «Иван Петров» объединён с «Иван Петров» (#${other.id}); заполнены: сумма, траффик, поле «Соцсеть», поле «Город»`,
    });
    expect(history.filter((h) => h.client_id === other.id).map((h) => [h.kind, h.message])).toEqual([
      [
        'client.deleted',
        `Клиент «Иван Петров» (#${other.id}) объединён с «Иван Петров» (#${survivor.id}) и удалён`,
      ],
    ]);
    const taken = history.filter((h) => h.client_id === survivor.id && h.subject_id === other.id);
    expect(taken.map((h) => h.kind)).toEqual(
      expect.arrayContaining([
        'client.created',
        'client.updated',
        'client_note.created',
        'client_category_changed',
      ]),
    );
    const survivorsHistory = await call(
      t.app,
      'GET',
      `/api/v1/projects/${projectId}/history?client_id=${survivor.id}`,
      { token: p.admin.token },
    );
    expect(survivorsHistory.status).toBe(200);
    expect(survivorsHistory.body.response.data[0].kind).toBe('client.merged');

    // Nothing left to merge.
    const groups = await call(t.app, 'GET', urlOf(clientsEndpoints.duplicateGroups, { projectId }), {
      token: p.admin.token,
    });
    expect(groups.body.response.total).toBe(0);
  });

  it('refuses the anonymous, another project, a manager, the same client twice and a client of another project', async () => {
    const setup = await projectWithContacts(t);
    const { p, create } = setup;
    const projectId = p.owner.projectId;
    const a = await create(p.manager.token, { name: 'Анна', last_name: 'Новая' }, {});
    const b = await create(p.manager.token, { name: 'Анна', last_name: 'Новая' }, {});
    const merge = (token: string | null, id: number, otherId: number, project = projectId) =>
      call(t.app, 'POST', mergeUrl(project, id), { token, body: { other_id: otherId } });

    expect((await merge(null, a.id, b.id)).status).toBe(401);
    const elsewhere = await projectWithContacts(t, 'Другой');
    expect((await merge(elsewhere.p.admin.token, a.id, b.id)).status).toBe(404);
    expect((await merge(p.manager.token, a.id, b.id)).status).toBe(403);
    const same = await merge(p.admin.token, a.id, a.id);
    expect(same.status).toBe(422);
    expect(same.body.errors).toEqual({ other_id: [MERGE_SAME_CLIENT] });
    const foreign = await elsewhere.create(elsewhere.p.admin.token, { name: 'Анна', last_name: 'Новая' }, {});
    expect((await merge(p.admin.token, a.id, foreign.id)).status).toBe(404);
    expect((await merge(p.admin.token, foreign.id, a.id)).status).toBe(404);
    // Another project's admin cannot merge his own client with this project's through his project.
    expect((await merge(elsewhere.p.admin.token, foreign.id, a.id, elsewhere.p.owner.projectId)).status).toBe(
      404,
    );
    expect((await merge(p.admin.token, a.id, 999_999)).status).toBe(404);
    // Nothing changed.
    for (const id of [a.id, b.id, foreign.id]) {
      expect((await t.db.selectFrom('clients').select('id').where('id', '=', id).execute()).length).toBe(1);
    }
    // The 'Дубли' view and a client's duplicates: the same reach.
    const groupsUrl = urlOf(clientsEndpoints.duplicateGroups, { projectId });
    expect((await call(t.app, 'GET', groupsUrl, { token: null })).status).toBe(401);
    expect((await call(t.app, 'GET', groupsUrl, { token: p.manager.token })).status).toBe(403);
    expect((await call(t.app, 'GET', groupsUrl, { token: elsewhere.p.admin.token })).status).toBe(404);
    const theirs = await create(p.second.token, { name: 'Олег', last_name: 'Чужой' }, {});
    const ofClient = (id: number) => urlOf(clientsEndpoints.clientDuplicates, { projectId, id });
    expect((await call(t.app, 'GET', ofClient(theirs.id), { token: p.manager.token })).status).toBe(404);
    expect((await call(t.app, 'GET', ofClient(a.id), { token: p.manager.token })).body.response).toEqual([
      {
        client: { id: b.id, name: 'Анна', last_name: 'Новая' },
        manager: { id: p.manager.id, name: 'Мария Менеджерова' },
        matches: ['name'],
      },
    ]);
  });
});

describe('a merge is atomic', () => {
  // The last feature to hear of a merge refuses it, after every other has moved its rows.
  const refuser: Feature = {
    name: 'refuser',
    inTransaction: {
      'client.merged': async () => {
        throw new Error('a handler fails halfway through the merge');
      },
    },
  };
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { features: [...features, refuser] });
  });
  afterAll(() => t.close());

  it('a failing handler leaves both clients and every row as they were', async () => {
    const setup = await projectWithContacts(t);
    const { p } = setup;
    const projectId = p.owner.projectId;
    const { survivor, other } = await duplicatePair(t, setup);
    const before = await rowsOf(t, projectId, [survivor.id, other.id]);
    expect(before.reminders).toHaveLength(1);
    expect(before.stays).toHaveLength(3);

    const res = await call(t.app, 'POST', mergeUrl(projectId, survivor.id), {
      token: p.admin.token,
      body: { other_id: other.id },
    });
    expect(res.status).toBe(500);
    expect(await rowsOf(t, projectId, [survivor.id, other.id])).toEqual(before);
  });
});

describe('a merge reaches open pages', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    t.app.server.closeAllConnections();
    await t.close();
  });

  it("tells the admins and both clients' managers", async () => {
    const { p, create } = await projectWithContacts(t);
    const survivor = await create(p.manager.token, { name: 'Иван', last_name: 'Петров' }, {});
    const other = await create(p.second.token, { name: 'Иван', last_name: 'Петров' }, {});
    const pages = [p.owner, p.manager, p.second].map((who) => openLiveStream(origin, who.token));
    try {
      await Promise.all(pages.map((page) => page.ready));
      const [owner, manager, second] = pages as [
        ReturnType<typeof openLiveStream>,
        ReturnType<typeof openLiveStream>,
        ReturnType<typeof openLiveStream>,
      ];
      const heard = [
        owner.next('clients.changed', (e) => e.payload.client_id === other.id),
        manager.next('clients.changed', (e) => e.payload.client_id === survivor.id),
        second.next('clients.changed', (e) => e.payload.client_id === other.id),
      ];
      const res = await call(t.app, 'POST', mergeUrl(p.owner.projectId, survivor.id), {
        token: p.admin.token,
        body: { other_id: other.id },
      });
      expect(res.status).toBe(200);
      await Promise.all(heard);
    } finally {
      for (const page of pages) page.close();
    }
  });
});
