import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Feature } from '../feature.js';
import { features } from '../features.js';
import { invalidField } from '../http/app-error.js';
import { call } from '../test/api.js';
import { joinAs } from '../test/members.js';
import { registerOwner } from '../test/api.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import type { DomainEvent } from './domain-events.js';

/**
 * A stand-in for a later feature, added beside the real ones: it owns rows per member, takes
 * them over when a member is removed (in the removal's transaction), vetoes status goals for
 * category 999, and sees events after commit.
 */
const seen: DomainEvent[] = [];
const owned = new Map<number, number>();
const observer: Feature = {
  name: 'observer',
  inTransaction: {
    'member.removed': async (tx, event) => {
      if (event.kind !== 'member.removed') return;
      // Writes in the same transaction: the row shows up only if the removal commits.
      await tx.db
        .insertInto('history_events')
        .values({
          project_id: event.projectId,
          actor_id: event.data.successorId,
          impersonator_id: null,
          kind: 'member.status_changed',
          subject_type: 'observer',
          subject_id: event.data.userId,
          message: 'owned rows passed',
          before: null,
          after: null,
          created_at: tx.now.toISOString(),
        })
        .execute();
      owned.set(
        event.data.successorId,
        (owned.get(event.data.successorId) ?? 0) + (owned.get(event.data.userId) ?? 0),
      );
      owned.delete(event.data.userId);
    },
    'status.goals_set': async (_tx, event) => {
      if (event.kind !== 'status.goals_set') return;
      const bad = event.data.goals.findIndex((g) => g.client_category_id === 999);
      if (bad >= 0) throw invalidField(`goals.${bad}.client_category_id`, 'Категория клиентов не найдена');
    },
  },
  afterCommit: {
    'member.removed': async (_deps, event) => {
      seen.push(event);
    },
    'status.goals_set': async () => {
      throw new Error('a failing reaction after commit');
    },
  },
};

describe('domain events between features', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The stand-in plays the clients feature's part (the real one would refuse categories 5 and 999);
    // the features built on the clients' tables and code go with it.
    const withoutClients = features.filter(
      (f) => !['clients', 'reminders', 'conversations', 'statistics', 'integrations', 'telegram'].includes(f.name),
    );
    t = await buildTestApp({}, { features: [...withoutClients, observer] });
  });
  afterAll(() => t.close());

  it('a removed member: in-transaction handlers take over what he owned; after-commit handlers see it once', async () => {
    const owner = await registerOwner(t.app);
    const admin = await joinAs(t, owner.projectId, 'admin', 'Админ');
    const manager = await joinAs(t, owner.projectId, 'manager', 'Менеджер');
    owned.set(manager.id, 3);

    const removed = await call(t.app, 'DELETE', `/api/v1/projects/${owner.projectId}/members/${manager.id}`, {
      token: admin.token,
    });
    expect(removed.status).toBe(200);
    expect(owned.get(admin.id)).toBe(3);
    expect(seen.map((e) => [e.kind, e.projectId, e.subjectId])).toEqual([
      ['member.removed', owner.projectId, manager.id],
    ]);
    const rows = await t.db
      .selectFrom('history_events')
      .select('kind')
      .where('subject_type', '=', 'observer')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('a handler that refuses rolls the whole change back, with its field error; a failed after-commit reaction does not fail the call', async () => {
    const owner = await registerOwner(t.app);
    const status = await call(t.app, 'POST', `/api/v1/projects/${owner.projectId}/statuses`, {
      token: owner.token,
      body: { name: 'Профи' },
    });
    const url = `/api/v1/projects/${owner.projectId}/statuses/${status.body.response.id}/client-categories/set-goals`;
    const refused = await call(t.app, 'POST', url, {
      token: owner.token,
      body: {
        goals: [
          { client_category_id: 5, goal: 2 },
          { client_category_id: 999, goal: 1 },
        ],
      },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ 'goals.1.client_category_id': ['Категория клиентов не найдена'] });
    const goals = await call(t.app, 'GET', url.replace('/set-goals', ''), { token: owner.token });
    expect(goals.body.response).toEqual([]);
    const history = await t.db
      .selectFrom('history_events')
      .select('kind')
      .where('project_id', '=', owner.projectId)
      .where('kind', '=', 'status.goals_set')
      .execute();
    expect(history).toEqual([]);

    const accepted = await call(t.app, 'POST', url, {
      token: owner.token,
      body: { goals: [{ client_category_id: 5, goal: 2 }] },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.response).toEqual([{ client_category_id: 5, goal: 2 }]);
  });
});
