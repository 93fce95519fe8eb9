import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aiEndpoints,
  clientNotesEndpoints,
  clientsEndpoints,
  CONTROL_CHARACTERS,
  ID_MESSAGE,
  knowledgeCategoriesEndpoints,
  knowledgePostsEndpoints,
  notificationsEndpoints,
  statisticsEndpoints,
  statusesEndpoints,
} from '@crm/contract';
import { call, urlOf } from '../test/api.js';
import { chatProject } from '../test/chat-project.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

/**
 * Input an attack run sent (docs/decisions.md, "Security run"): text with NUL and other control
 * characters, and ids written in other number formats. Both databases answer alike: a Russian
 * message or a 404, never a 500 and never another record.
 */
describe('odd input', () => {
  let t: TestApp;
  let p: Awaited<ReturnType<typeof chatProject>>;
  beforeAll(async () => {
    t = await buildTestApp();
    p = await chatProject(t, 'Странный ввод');
  });
  afterAll(() => t.close());

  const refused = (answer: { status: number; body: { message?: string } }) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body.message).toBe(CONTROL_CHARACTERS);
  };

  it('text with NUL or another control character is refused with a message, on every kind of operation', async () => {
    const projectId = p.projectId;
    const admin = p.owner.token;
    const post = (url: string, body: object, token = admin) => call(t.app, 'POST', url, { token, body });
    for (const bad of ['Иван\u0000Петров', 'звонок\u0007', '\u001b[31m', 'x\u007f']) {
      refused(await post(urlOf(statusesEndpoints.create, { projectId }), { name: bad }));
      refused(
        await post(
          urlOf(clientNotesEndpoints.create, { projectId, clientId: p.ivan.id }),
          { note: bad },
          p.manager.token,
        ),
      );
      refused(await post(urlOf(knowledgeCategoriesEndpoints.create, { projectId }), { name: bad }));
      refused(await post(urlOf(aiEndpoints.createGroup, { projectId }), { name: bad }));
      refused(await post(p.u.list, { client_id: p.ivan.id, content: bad }, p.manager.token));
      refused(
        await post(
          urlOf(clientsEndpoints.create, { projectId }),
          { name: bad, last_name: 'Петров' },
          p.manager.token,
        ),
      );
      const query = `?search=${encodeURIComponent(bad)}`;
      refused(
        await call(t.app, 'GET', `${urlOf(clientsEndpoints.search, { projectId })}${query}`, {
          token: admin,
        }),
      );
      refused(
        await call(t.app, 'GET', `${urlOf(knowledgePostsEndpoints.search, { projectId })}${query}`, {
          token: admin,
        }),
      );
    }
    // Nothing of it was written.
    const notes = await call(
      t.app,
      'GET',
      urlOf(clientNotesEndpoints.list, { projectId, clientId: p.ivan.id }),
      { token: admin },
    );
    expect(notes.body.response).toEqual([]);
  });

  it('a multi-line text keeps its tabs and line breaks; a single-line one refuses them', async () => {
    const projectId = p.projectId;
    const note = await call(
      t.app,
      'POST',
      urlOf(clientNotesEndpoints.create, { projectId, clientId: p.olga.id }),
      {
        token: p.second.token,
        body: { note: 'Первая строка\r\nвторая\tс табуляцией' },
      },
    );
    expect(note.status).toBe(201);
    expect(note.body.response.note).toBe('Первая строка\r\nвторая\tс табуляцией');
    refused(
      await call(t.app, 'POST', urlOf(statusesEndpoints.create, { projectId }), {
        token: p.owner.token,
        body: { name: 'Две\nстроки' },
      }),
    );
  });

  it('an id in the path is decimal digits: any other writing of it is 404, in the project part too', async () => {
    const projectId = p.projectId;
    const id = p.ivan.id;
    const client = (project: string, client: string) => `/api/v1/projects/${project}/clients/${client}`;
    expect(
      (await call(t.app, 'GET', client(String(projectId), String(id)), { token: p.owner.token })).status,
    ).toBe(200);
    const odd = (n: number) => [
      `0x${n.toString(16)}`,
      `${n}e0`,
      `%20${n}`,
      `+${n}`,
      `0${n}`,
      `0b${n.toString(2)}`,
      `${n}.0`,
      `${n}%00`,
    ];
    for (const writing of odd(id)) {
      const answer = await call(t.app, 'GET', client(String(projectId), writing), { token: p.owner.token });
      expect(answer.status, writing).toBe(404);
    }
    for (const writing of odd(projectId)) {
      const answer = await call(t.app, 'GET', client(writing, String(id)), { token: p.owner.token });
      expect(answer.status, writing).toBe(404);
    }
  });

  it('an id in a query is decimal digits too: another writing is a message on the field', async () => {
    const answer = await call(
      t.app,
      'GET',
      `${urlOf(notificationsEndpoints.list)}?project_id=0x${p.projectId.toString(16)}`,
      {
        token: p.owner.token,
      },
    );
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ project_id: [ID_MESSAGE] });
  });

  it('a missing or mistyped value is a sentence about the field, never a type name', async () => {
    const url = urlOf(statisticsEndpoints.get, { projectId: p.projectId });
    const missing = await call(t.app, 'GET', url, { token: p.owner.token });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ from: ['Обязательное поле'], to: ['Обязательное поле'] });
    const mistyped = await call(t.app, 'POST', urlOf(statusesEndpoints.create, { projectId: p.projectId }), {
      token: p.owner.token,
      body: { name: 42, is_default: 'да' },
    });
    expect(mistyped.status).toBe(422);
    expect(mistyped.body.errors).toEqual({
      name: ['Введите текст'],
      is_default: ['Выберите «да» или «нет»'],
    });
  });
});
