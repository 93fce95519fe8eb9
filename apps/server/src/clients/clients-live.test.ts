import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScheduler } from '../jobs/scheduler.js';
import { call } from '../test/api.js';
import { openLiveStream } from '../test/live-stream.js';
import { pipelineProject } from '../test/pipeline-project.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { progressionJob } from './progression.job.js';

describe('clients: open boards and panels hear of every change to the clients they may see', () => {
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

  it('tells the admins and the managers concerned, each change once, and no other manager', async () => {
    const p = await pipelineProject(t);
    const next = await p.addCategory({ name: 'Думает' });
    const first = await p.addCategory({ name: 'Новые', next_category_id: next.id, duration: 3600 });
    const t0 = new Date('2026-07-01T10:00:00Z');
    t.clock.set(t0);
    const pages = {
      owner: openLiveStream(origin, p.owner.token),
      manager: openLiveStream(origin, p.manager.token),
      second: openLiveStream(origin, p.second.token),
    };
    const changes = (page: ReturnType<typeof openLiveStream>) =>
      page.events.flatMap((e) => (e.type === 'clients.changed' ? [e.payload.client_id] : []));
    try {
      await Promise.all(Object.values(pages).map((page) => page.ready));

      // A manager adds a client: the admins and he hear of it; the other manager does not.
      let heard = [pages.owner.next('clients.changed'), pages.manager.next('clients.changed')];
      const ivan = await p.addClient(p.manager.token, {
        name: 'Иван',
        last_name: 'Петров',
        category_id: first.id,
      });
      for (const event of await Promise.all(heard)) {
        expect(event.payload).toEqual({ project_id: p.owner.projectId, client_id: ivan.id });
      }

      // A note: the same people.
      heard = [pages.owner.next('clients.changed'), pages.manager.next('clients.changed')];
      const note = await call(t.app, 'POST', p.urls.notes(ivan.id), {
        token: p.admin.token,
        body: { note: 'Звонил' },
      });
      expect(note.status).toBe(201);
      await Promise.all(heard);

      // Passed to the second manager: the one it left hears too (his board loses the card).
      heard = [
        pages.owner.next('clients.changed'),
        pages.manager.next('clients.changed'),
        pages.second.next('clients.changed'),
      ];
      const passed = await call(t.app, 'PUT', p.urls.client(ivan.id), {
        token: p.admin.token,
        body: { name: 'Иван', last_name: 'Петров', manager_id: p.second.id },
      });
      expect(passed.status).toBe(200);
      await Promise.all(heard);
      // Until then the second manager heard nothing: not the creation, not the note.
      expect(changes(pages.second)).toEqual([ivan.id]);

      // The scheduler's move reaches the admins and the client's manager now, not the former one.
      heard = [pages.owner.next('clients.changed'), pages.second.next('clients.changed')];
      t.clock.set(new Date(t0.getTime() + 3600_000 + 60_000));
      const scheduler = createScheduler(t.deps, [progressionJob], 'live-test');
      expect(await scheduler.runDue()).toEqual({ 'clients.progress': 1 });
      await Promise.all(heard);

      heard = [pages.owner.next('clients.changed'), pages.second.next('clients.changed')];
      const removed = await call(t.app, 'DELETE', p.urls.client(ivan.id), { token: p.second.token });
      expect(removed.status).toBe(200);
      await Promise.all(heard);

      expect(changes(pages.owner)).toEqual([ivan.id, ivan.id, ivan.id, ivan.id, ivan.id]);
      expect(changes(pages.second)).toEqual([ivan.id, ivan.id, ivan.id]);
      expect(changes(pages.manager)).toEqual([ivan.id, ivan.id, ivan.id]);
    } finally {
      for (const page of Object.values(pages)) page.close();
    }
  });

  it("tells a removed member's successor that clients came to him, none named", async () => {
    const p = await pipelineProject(t);
    const first = await p.addCategory({ name: 'Новые' });
    await p.addClient(p.manager.token, { name: 'Олег', last_name: 'Ушедший', category_id: first.id });
    const page = openLiveStream(origin, p.admin.token);
    try {
      await page.ready;
      const handedOver = page.next('clients.changed', (e) => e.payload.client_id === null);
      const res = await call(
        t.app,
        'DELETE',
        `/api/v1/projects/${p.owner.projectId}/members/${p.manager.id}`,
        {
          token: p.admin.token,
        },
      );
      expect(res.status).toBe(200);
      expect((await handedOver).payload).toEqual({ project_id: p.owner.projectId, client_id: null });
    } finally {
      page.close();
    }
  });
});
