import { expect } from 'vitest';
import { conversationsEndpoints, type Conversation, type ConversationMessage } from '@crm/contract';
import { call, urlOf } from './api.js';
import { pipelineProject } from './pipeline-project.js';
import type { TestApp } from './test-app.js';

const api = conversationsEndpoints;

/** The pipeline project with a client of each manager, and helpers that ask, reply and list. */
export async function chatProject(t: TestApp, name = 'Чаты') {
  const p = await pipelineProject(t, name);
  const stage = await p.addCategory({ name: 'Новые' });
  const ivan = await p.addClient(p.manager.token, {
    name: 'Иван',
    last_name: 'Петров',
    category_id: stage.id,
  });
  const olga = await p.addClient(p.second.token, {
    name: 'Ольга',
    last_name: 'Смирнова',
    category_id: stage.id,
  });
  const projectId = p.owner.projectId;
  const u = {
    list: urlOf(api.list, { projectId }),
    one: (id: number) => urlOf(api.show, { projectId, id }),
    messages: (id: number, page = 1) => `${urlOf(api.messages, { projectId, id })}?page=${page}`,
    send: (id: number) => urlOf(api.send, { projectId, id }),
    read: (id: number) => urlOf(api.markRead, { projectId, id }),
  };
  const ask = async (token: string, clientId: number, content: string) => {
    const res = await call(t.app, 'POST', u.list, { token, body: { client_id: clientId, content } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.response as Conversation;
  };
  const send = async (token: string, id: number, content: string) => {
    const res = await call(t.app, 'PUT', u.send(id), { token, body: { content } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.response as ConversationMessage;
  };
  const list = async (token: string) => (await call(t.app, 'GET', u.list, { token })).body.response;
  return { ...p, projectId, ivan, olga, u, ask, send, list };
}
