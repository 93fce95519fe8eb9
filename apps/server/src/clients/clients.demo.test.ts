import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientCategoriesEndpoints,
  clientFormEndpoints,
  clientNotesEndpoints,
  clientsEndpoints,
  parseRichText,
  type Client,
  type ClientCategory,
  type ClientNote,
  type FormGroup,
} from '@crm/contract';
import { seedDemo } from '../demo/seed-demo.js';
import { features } from '../features.js';
import { callEndpoint } from '../test/api.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { progressionJob } from './progression.job.js';

describe('the demo pipeline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('seeds linked categories with colours, timed stages and hints, and 200 clients of the manager and the admin', async () => {
    t.clock.set('2026-08-01T09:00:00Z');
    expect(await seedDemo(t.deps, features)).not.toBeNull();
    const project = await t.db.selectFrom('projects').select('id').executeTakeFirstOrThrow();
    const login = async (email: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/login',
          payload: { email, password: 'demo12345' },
        })
      ).json().response.token as string;
    const admin = await login('demo@example.com');
    const manager = await login('manager@example.com');
    const params = { projectId: project.id };

    const categories = (await callEndpoint(t.app, clientCategoriesEndpoints.list, { params, token: manager }))
      .body.response as ClientCategory[];
    expect(categories.length).toBeGreaterThanOrEqual(6);
    const ids = new Set(categories.map((c) => c.id));
    expect(categories.every((c) => c.next_category_id === null || ids.has(c.next_category_id))).toBe(true);
    expect(
      categories.filter((c) => c.duration > 0 && c.next_category_id !== null).length,
    ).toBeGreaterThanOrEqual(2);
    expect(
      categories.filter((c) => c.clue !== null).every((c) => parseRichText(c.clue?.clue ?? '') !== null),
    ).toBe(true);
    expect(categories.some((c) => c.clue !== null)).toBe(true);

    const all = await callEndpoint(t.app, clientsEndpoints.list, { params, token: admin });
    expect(all.body.response.total).toBe(200);
    const own = await callEndpoint(t.app, clientsEndpoints.list, { params, token: manager });
    expect(own.body.response.total).toBeGreaterThan(100);
    expect(own.body.response.total).toBeLessThan(200);

    // The client form: two groups, one field of every type; some clients have values.
    const form = (await callEndpoint(t.app, clientFormEndpoints.get, { params, token: manager })).body
      .response as FormGroup[];
    expect(form.length).toBe(2);
    expect(new Set(form.flatMap((g) => g.fields.map((f) => f.type)))).toEqual(
      new Set(['text', 'phone_number', 'social_network', 'textarea', 'select']),
    );
    const searchable = await callEndpoint(t.app, clientFormEndpoints.searchableFields, {
      params,
      token: manager,
    });
    expect(searchable.body.response.map((f: { name: string }) => f.name)).toEqual(['Источник']);
    const withValues = (all.body.response.data as Client[]).filter((c) => c.fields.length > 0);
    expect(withValues.length).toBeGreaterThan(0);

    // About half of the clients have notes, newest first, by their manager or the admin.
    const notes = await t.db.selectFrom('client_notes').select(['client_id', 'author_id']).execute();
    const noted = new Set(notes.map((n) => n.client_id));
    expect(noted.size).toBeGreaterThan(60);
    expect(noted.size).toBeLessThan(140);
    const ownClient = (own.body.response.data as Client[]).find((c) => noted.has(c.id));
    expect(ownClient).toBeDefined();
    const list = await callEndpoint(t.app, clientNotesEndpoints.list, {
      params: { projectId: project.id, clientId: ownClient?.id ?? 0 },
      token: manager,
    });
    const read = list.body.response as ClientNote[];
    expect(read.length).toBeGreaterThan(0);
    expect(read.map((n) => n.created_at)).toEqual(
      read
        .map((n) => n.created_at)
        .sort()
        .reverse(),
    );
    expect(
      read.every(
        (n) => n.created_at >= (ownClient?.created_at ?? '') && n.created_at <= t.clock.now().toISOString(),
      ),
    ).toBe(true);
    expect(read.every((n) => ['Мария Менеджерова', 'Анна Админова'].includes(n.author.name))).toBe(true);
    expect(new Set(notes.map((n) => n.author_id)).size).toBe(2);

    // A few have waited long enough in the timed stages: the first pass moves them on.
    expect(await progressionJob.run(t.deps, t.clock.now())).toBe(6);
    expect(await progressionJob.run(t.deps, t.clock.now())).toBe(0);
  });
});
