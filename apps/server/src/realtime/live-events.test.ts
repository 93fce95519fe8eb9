import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsEndpoints, teamEndpoints } from '@crm/contract';
import { call, urlOf } from '../test/api.js';
import { openLiveStream, within } from '../test/live-stream.js';
import { chatProject as withChats } from '../test/chat-project.js';
import { buildTestApp, buildTwin, testDialect, type TestApp } from '../test/test-app.js';

async function listen(t: TestApp) {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

const chatProject = async (t: TestApp) => {
  const p = await withChats(t, 'Живой чат');
  return { ...p, conversations: p.u.list };
};

describe('the live connection (docs/product.md §8.3)', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    origin = await listen(t);
  });
  afterAll(() => t.close());

  it('needs a token in the header: none or a bad one → 401, and the client stops', async () => {
    for (const token of [null, '1|not-a-real-secret-at-all-xxxxxxxx']) {
      const page = openLiveStream(origin, token);
      await within(3000, () => page.closed);
      expect(page.events).toEqual([]);
      page.close();
    }
    const res = await fetch(`${origin}/api/v1/events`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false });
  });

  it('carries chat messages and notification changes to every page of the people concerned, and no one else', async () => {
    const p = await chatProject(t);
    const admin = openLiveStream(origin, p.admin.token);
    const adminSecondTab = openLiveStream(origin, p.admin.token);
    const manager = openLiveStream(origin, p.manager.token);
    const otherManager = openLiveStream(origin, p.second.token);
    await Promise.all([admin.ready, adminSecondTab.ready, manager.ready, otherManager.ready]);

    const arrivals = [admin, adminSecondTab, manager].map((page) => page.next('conversation.message'));
    const bell = admin.next('notifications.changed');
    const asked = await call(t.app, 'POST', p.conversations, {
      token: p.manager.token,
      body: { client_id: p.ivan.id, content: 'Можно скидку?' },
    });
    expect(asked.status).toBe(201);
    for (const arrived of await Promise.all(arrivals)) {
      expect(arrived.payload).toMatchObject({
        project_id: p.owner.projectId,
        message: { content: 'Можно скидку?', conversation_id: asked.body.response.id, from_admin: false },
      });
    }
    expect((await bell).payload).toEqual({ project_id: p.owner.projectId });
    // A marker on his channel after the question: the channel keeps its order, so had the
    // question reached him it would have come first.
    const marker = otherManager.next('notifications.changed');
    await t.deps.publisher.publish(`user:${p.second.id}`, {
      type: 'notifications.changed',
      payload: { project_id: p.owner.projectId },
    });
    await marker;
    expect(otherManager.events.map((e) => e.type)).toEqual(['ready', 'notifications.changed']);
    for (const page of [admin, adminSecondTab, manager, otherManager]) page.close();
  });

  it('a switch into a manager’s account: only that project’s events, and the stream ends with the admin’s removal', async () => {
    const p = await chatProject(t);
    const projectId = p.owner.projectId;
    const switched = await call(
      t.app,
      'GET',
      urlOf(teamEndpoints.memberAccessToken, { projectId, memberId: p.manager.id }),
      {
        token: p.admin.token,
      },
    );
    expect(switched.status).toBe(200);
    const page = openLiveStream(origin, switched.body.response.access_token);
    await page.ready;
    // The manager's event of another project does not reach the switched page.
    await t.deps.publisher.publish(`user:${p.manager.id}`, {
      type: 'notifications.changed',
      payload: { project_id: 999_999 },
    });
    const own = page.next('notifications.changed');
    await t.deps.publisher.publish(`user:${p.manager.id}`, {
      type: 'notifications.changed',
      payload: { project_id: projectId },
    });
    expect((await own).payload).toEqual({ project_id: projectId });
    expect(page.events.filter((e) => e.type === 'notifications.changed')).toHaveLength(1);

    const removed = await call(
      t.app,
      'DELETE',
      urlOf(teamEndpoints.removeMember, { projectId, userId: p.admin.id }),
      {
        token: p.owner.token,
      },
    );
    expect(removed.status).toBe(200);
    await within(1000, () => page.failures > 0);
    await within(5000, () => page.closed);
    page.close();
  });

  it('ends when the token is revoked, and the page is refused when it reconnects', async () => {
    const p = await chatProject(t);
    const page = openLiveStream(origin, p.admin.token);
    await page.ready;
    await call(t.app, 'POST', urlOf(accountsEndpoints.logout), { token: p.admin.token });
    // The stream ends at once; the client's retry (LIVE_RETRY_MS later) is refused and it stops.
    await within(1000, () => page.failures > 0);
    await within(5000, () => page.closed);
    page.close();
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(testDialect === 'postgres' && redisUrl)('two instances on one database with Redis', () => {
  let one: TestApp;
  let two: TestApp;
  let originTwo: string;
  beforeAll(async () => {
    one = await buildTestApp({ redisUrl, redisPrefix: `crm-test-${randomBytes(4).toString('hex')}:` });
    two = await buildTwin(one);
    originTwo = await listen(two);
  });
  afterAll(async () => {
    await two.close();
    await one.close();
  });

  it('a message sent through one instance reaches a page connected to the other', async () => {
    const p = await chatProject(one);
    const adminPage = openLiveStream(originTwo, p.admin.token);
    await adminPage.ready;
    const arrived = adminPage.next('conversation.message');
    const asked = await call(one.app, 'POST', p.conversations, {
      token: p.manager.token,
      body: { client_id: p.ivan.id, content: 'Вопрос через первый экземпляр' },
    });
    expect(asked.status).toBe(201);
    expect((await arrived).payload.message.content).toBe('Вопрос через первый экземпляр');
    adminPage.close();
  });

  it('a removed member, a revoked token and an expired switch are refused on the other instance within a second', async () => {
    const p = await chatProject(one);
    const projectId = p.owner.projectId;
    const on = (instance: TestApp, token: string) => call(instance.app, 'GET', p.conversations, { token });

    // An admin switches into Пётр's account; the switch lasts two hours.
    const switched = await call(
      one.app,
      'GET',
      urlOf(teamEndpoints.memberAccessToken, { projectId, memberId: p.second.id }),
      {
        token: p.admin.token,
      },
    );
    expect(switched.status).toBe(200);
    const switchToken = switched.body.response.access_token as string;
    // The second instance caches each token and membership on first use.
    for (const token of [p.manager.token, p.admin.token, switchToken])
      expect((await on(two, token)).status).toBe(200);

    const removed = await call(
      one.app,
      'DELETE',
      urlOf(teamEndpoints.removeMember, { projectId, userId: p.manager.id }),
      {
        token: p.owner.token,
      },
    );
    expect(removed.status).toBe(200);
    const removal = await within(1000, async () => (await on(two, p.manager.token)).status === 404);

    await call(one.app, 'POST', urlOf(accountsEndpoints.logout), { token: p.admin.token });
    const revocation = await within(1000, async () => (await on(two, p.admin.token)).status === 401);

    // The instances share the clock; an expired switch is refused on its next use, cached or not.
    one.clock.advance(2 * 3600_000 + 1000);
    expect((await on(two, switchToken)).status).toBe(401);
    expect(removal).toBeLessThan(1000);
    expect(revocation).toBeLessThan(1000);
  });

  it('the cache is real: a change made behind the servers’ back (not announced) is not seen', async () => {
    const p = await chatProject(one);
    expect((await call(two.app, 'GET', p.conversations, { token: p.admin.token })).status).toBe(200);
    await one.db.deleteFrom('access_tokens').where('user_id', '=', p.admin.id).execute();
    expect((await call(two.app, 'GET', p.conversations, { token: p.admin.token })).status).toBe(200);
    // Announced, it is refused everywhere.
    await one.deps.access.changed({ userId: p.admin.id });
    await within(
      1000,
      async () => (await call(two.app, 'GET', p.conversations, { token: p.admin.token })).status === 401,
    );
  });
});
