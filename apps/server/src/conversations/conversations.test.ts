import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGE_MAX,
  notificationsEndpoints,
  type Conversation,
  type ConversationMessage,
} from '@crm/contract';
import { call, registerOwner, urlOf } from '../test/api.js';
import { chatProject } from '../test/chat-project.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

describe('conversations with the administrators (docs/product.md §4.13)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('a question opens the client’s conversation, a second one adds to it; both sides reply; unread marks follow', async () => {
    const p = await chatProject(t);
    t.clock.set('2026-07-01T09:00:00Z');
    const first = await p.ask(p.manager.token, p.ivan.id, '  Можно ли дать скидку 10%?  ');
    expect(first).toMatchObject({
      client: { id: p.ivan.id, name: 'Иван', last_name: 'Петров' },
      manager: { id: p.manager.id },
      latest_message: {
        content: 'Можно ли дать скидку 10%?',
        from_admin: false,
        author: { id: p.manager.id },
      },
      unread_count: 0,
    });
    t.clock.set('2026-07-01T09:05:00Z');
    const again = await p.ask(p.manager.token, p.ivan.id, 'И ещё: рассрочка?');
    expect(again.id).toBe(first.id);

    // The admins see two unread messages; the manager none (he wrote them).
    let adminView = await p.list(p.admin.token);
    expect(adminView.conversations.map((c: Conversation) => [c.id, c.unread_count])).toEqual([[first.id, 2]]);
    expect(adminView.unread_total).toBe(2);
    expect((await p.list(p.manager.token)).unread_total).toBe(0);

    t.clock.set('2026-07-01T09:10:00Z');
    const answer = await p.send(p.admin.token, first.id, 'Скидку — да, рассрочку — нет.');
    expect(answer).toMatchObject({ from_admin: true, author: { id: p.admin.id, name: 'Анна Админова' } });
    // Replying reads the conversation for the admin who replied; the owner still has two unread.
    expect((await p.list(p.admin.token)).unread_total).toBe(0);
    expect((await p.list(p.owner.token)).unread_total).toBe(2);
    const managerView = await p.list(p.manager.token);
    expect(managerView.conversations[0]).toMatchObject({
      unread_count: 1,
      latest_message: { id: answer.id },
    });

    const read = await call(t.app, 'PUT', p.u.read(first.id), { token: p.manager.token });
    expect(read.body.response).toEqual({ unread_total: 0 });

    // A newer conversation goes to the top.
    t.clock.set('2026-07-01T10:00:00Z');
    const other = await p.ask(p.second.token, p.olga.id, 'Клиентка просит счёт');
    adminView = await p.list(p.admin.token);
    expect(adminView.conversations.map((c: Conversation) => c.id)).toEqual([other.id, first.id]);
    await p.send(p.owner.token, first.id, 'Согласовано.');
    adminView = await p.list(p.admin.token);
    expect(adminView.conversations.map((c: Conversation) => c.id)).toEqual([first.id, other.id]);

    // History and the other side's notifications.
    expect((await p.history('conversation.created')).map((h) => h.message)).toEqual([
      'Вопрос администратору по клиенту Иван Петров',
      'Вопрос администратору по клиенту Ольга Смирнова',
    ]);
    expect(await p.history('conversation.message_sent')).toHaveLength(5);
    const bell = await call(t.app, 'GET', `${urlOf(notificationsEndpoints.list)}?project_id=${p.projectId}`, {
      token: p.manager.token,
    });
    // The owner's reply, unread; Анна's, read with the conversation.
    expect(
      bell.body.response.notifications.map((n: { type: string; data: unknown; read_at: string | null }) => [
        n.type,
        n.data,
        n.read_at === null,
      ]),
    ).toEqual([
      [
        'chat_message',
        {
          client_reminder: null,
          client: { id: p.ivan.id, name: 'Иван', last_name: 'Петров' },
          conversation: { id: first.id },
        },
        true,
      ],
      ['chat_message', expect.objectContaining({ conversation: { id: first.id } }), false],
    ]);
    const adminBell = await call(
      t.app,
      'GET',
      `${urlOf(notificationsEndpoints.unreadCount)}?project_id=${p.projectId}`,
      {
        token: p.admin.token,
      },
    );
    // One unread per conversation (Мария's two questions, Пётр's one); other admins' replies are
    // not the other side.
    expect(adminBell.body.response.unread_count).toBe(2);
    // Reading the conversation reads its notification too.
    await call(t.app, 'PUT', p.u.read(other.id), { token: p.admin.token });
    const after = await call(
      t.app,
      'GET',
      `${urlOf(notificationsEndpoints.unreadCount)}?project_id=${p.projectId}`,
      {
        token: p.admin.token,
      },
    );
    expect(after.body.response.unread_count).toBe(1);
  });

  it('messages page newest first, each page oldest first; text is kept as sent, never as markup', async () => {
    const p = await chatProject(t);
    const c = await p.ask(p.manager.token, p.ivan.id, 'Сообщение 1');
    for (let i = 2; i <= 70; i++)
      await p.send(i % 2 ? p.manager.token : p.admin.token, c.id, `Сообщение ${i}`);
    const page1 = (await call(t.app, 'GET', p.u.messages(c.id), { token: p.manager.token })).body.response
      .messages;
    expect(page1).toMatchObject({ current_page: 1, last_page: 3, per_page: 30, total: 70 });
    expect(page1.data.map((m: ConversationMessage) => m.content)[0]).toBe('Сообщение 41');
    expect(page1.data.map((m: ConversationMessage) => m.content)[29]).toBe('Сообщение 70');
    const page3 = (await call(t.app, 'GET', p.u.messages(c.id, 3), { token: p.manager.token })).body.response
      .messages;
    expect(page3.data.map((m: ConversationMessage) => m.content)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Сообщение ${i + 1}`),
    );

    const markup = '<img src=x onerror=alert(1)> & <b>жирный</b>';
    expect((await p.send(p.admin.token, c.id, markup)).content).toBe(markup);
  });

  it('bad input: 422 on its field, nothing written', async () => {
    const p = await chatProject(t);
    const cases: [unknown, string][] = [
      [{ client_id: p.ivan.id, content: '   ' }, 'content'],
      [{ client_id: p.ivan.id, content: 'я'.repeat(MESSAGE_MAX + 1) }, 'content'],
      [{ client_id: p.ivan.id }, 'content'],
      [{ content: 'Вопрос' }, 'client_id'],
      // Another manager's client, and no client at all.
      [{ client_id: p.olga.id, content: 'Вопрос' }, 'client_id'],
      [{ client_id: 999_999, content: 'Вопрос' }, 'client_id'],
    ];
    for (const [body, field] of cases) {
      const res = await call(t.app, 'POST', p.u.list, { token: p.manager.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
    const tooLong = await call(t.app, 'POST', p.u.list, {
      token: p.manager.token,
      body: { client_id: p.ivan.id, content: 'я'.repeat(MESSAGE_MAX + 1) },
    });
    expect(tooLong.body.errors.content).toEqual([`Не более ${MESSAGE_MAX} символов`]);
    expect((await p.list(p.admin.token)).conversations).toEqual([]);
  });

  it('refusals: anonymous 401; another manager’s conversation and another project 404', async () => {
    const p = await chatProject(t);
    const mine = await p.ask(p.manager.token, p.ivan.id, 'Вопрос');
    const outsider = await registerOwner(t.app, 'Чужой');
    const calls: [string, string, unknown?][] = [
      ['GET', p.u.one(mine.id)],
      ['GET', p.u.messages(mine.id)],
      ['PUT', p.u.send(mine.id), { content: 'Привет' }],
      ['PUT', p.u.read(mine.id)],
    ];
    for (const [method, url, body] of [
      ...calls,
      ['GET', p.u.list],
      ['POST', p.u.list, { client_id: p.ivan.id, content: 'x' }],
    ] as const) {
      expect((await call(t.app, method as 'GET', url, { body })).status, `${method} ${url}`).toBe(401);
      expect((await call(t.app, method as 'GET', url, { token: outsider.token, body })).status).toBe(404);
    }
    for (const [method, url, body] of calls) {
      const res = await call(t.app, method as 'GET', url, { token: p.second.token, body });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.message).toBe('Диалог не найден');
    }
    expect((await p.list(p.second.token)).conversations).toEqual([]);
    // The admins and the asking manager do see it.
    for (const token of [p.owner.token, p.admin.token, p.manager.token]) {
      expect((await call(t.app, 'GET', p.u.one(mine.id), { token })).status).toBe(200);
    }
  });
});
