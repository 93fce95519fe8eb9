import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCallsEndpoints, remindersEndpoints } from '@crm/contract';
import { call, urlOf } from '../test/api.js';
import { openLiveStream } from '../test/live-stream.js';
import { pipelineProject } from '../test/pipeline-project.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

describe("a client's open page hears of what its timeline shows", () => {
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

  it('a reminder and a call on a client tell the admins and his manager, not another manager', async () => {
    t.clock.set('2026-07-01T10:00:00Z');
    const p = await pipelineProject(t);
    const stage = await p.addCategory({ name: 'Новые' });
    const ivan = await p.addClient(p.manager.token, {
      name: 'Иван',
      last_name: 'Петров',
      category_id: stage.id,
    });
    const pages = {
      owner: openLiveStream(origin, p.owner.token),
      manager: openLiveStream(origin, p.manager.token),
      second: openLiveStream(origin, p.second.token),
    };
    try {
      await Promise.all(Object.values(pages).map((page) => page.ready));
      let heard = [pages.owner.next('clients.changed'), pages.manager.next('clients.changed')];
      const reminder = await call(
        t.app,
        'POST',
        urlOf(remindersEndpoints.create, { projectId: p.owner.projectId, clientId: ivan.id }),
        { token: p.admin.token, body: { title: 'Позвонить', completion_date: '2026-07-02T10:00:00Z' } },
      );
      expect(reminder.status).toBe(201);
      for (const event of await Promise.all(heard)) {
        expect(event.payload).toEqual({ project_id: p.owner.projectId, client_id: ivan.id });
      }
      heard = [pages.owner.next('clients.changed'), pages.manager.next('clients.changed')];
      const logged = await call(
        t.app,
        'POST',
        urlOf(clientCallsEndpoints.create, { projectId: p.owner.projectId, clientId: ivan.id }),
        { token: p.manager.token, body: { outcome: 'busy' } },
      );
      expect(logged.status).toBe(201);
      await Promise.all(heard);
      expect(pages.second.events.filter((e) => e.type === 'clients.changed')).toEqual([]);
    } finally {
      for (const page of Object.values(pages)) page.close();
    }
  });
});
