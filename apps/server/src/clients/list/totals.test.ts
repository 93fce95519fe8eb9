import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientBulkEndpoints,
  clientListEndpoints,
  clientsEndpoints,
  type ClientColumnTotal,
} from '@crm/contract';
import { call, urlOf } from '../../test/api.js';
import { pipelineProject } from '../../test/pipeline-project.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { totalsJob } from './totals.job.js';

/**
 * The whole board's column heads come from totals kept as clients change (docs/decisions.md,
 * issue 30, "Column totals"); they must always equal a count of the clients themselves, which
 * the same endpoint makes when a filter is set (here days that hold every client).
 */
describe('column totals kept as clients change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('equal a count of the clients after every kind of change, folded or not', async () => {
    const p = await pipelineProject(t);
    const projectId = p.owner.projectId;
    const first = await p.addCategory({ name: 'Новые' });
    const second = await p.addCategory({ name: 'В работе' });
    const totalsUrl = urlOf(clientListEndpoints.columnTotals, { projectId });
    const totals = async (query: string, token = p.admin.token) => {
      const res = await call(t.app, 'GET', `${totalsUrl}${query}`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.response as ClientColumnTotal[]).sort((a, b) => a.category_id - b.category_id);
    };
    const agree = async () => {
      const kept = await totals('');
      expect(kept).toEqual(await totals('?from=2000-01-01'));
      for (const [manager, token] of [
        [p.manager.id, p.manager.token],
        [p.second.id, p.second.token],
      ] as const) {
        expect(await totals(`?manager_id=${manager}`)).toEqual(
          await totals(`?manager_id=${manager}&from=2000-01-01`),
        );
        expect(await totals('', token)).toEqual(await totals(`?manager_id=${manager}`));
      }
      return kept;
    };
    const fold = async () => {
      await totalsJob.run(t.deps, t.clock.now());
      expect(await t.db.selectFrom('client_total_changes').select('id').execute()).toEqual([]);
    };

    const made = [];
    for (let i = 0; i < 6; i += 1) {
      made.push(
        await p.addClient(i % 2 === 0 ? p.manager.token : p.second.token, {
          name: `Клиент${i}`,
          last_name: 'Итогов',
          amount: (i + 1) * 100,
          category_id: first.id,
        }),
      );
    }
    expect(await agree()).toEqual([{ category_id: first.id, clients: 6, amount: 2100 }]);
    await fold();
    expect(await agree()).toEqual([{ category_id: first.id, clients: 6, amount: 2100 }]);

    const [a, b, c, d, e] = [made[0]!, made[1]!, made[2]!, made[3]!, made[4]!];
    const clientUrl = (id: number) => urlOf(clientsEndpoints.update, { projectId, id });
    const ok = (res: Awaited<ReturnType<typeof call>>) =>
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    // A move, an amount, a reassignment, all three at once, and a deletion.
    ok(
      await call(t.app, 'PUT', urlOf(clientsEndpoints.updateCategory, { projectId, id: a.id }), {
        token: p.manager.token,
        body: { category_id: second.id },
      }),
    );
    ok(
      await call(t.app, 'PUT', clientUrl(b.id), {
        token: p.second.token,
        body: { name: b.name, last_name: b.last_name, amount: 5000 },
      }),
    );
    ok(
      await call(t.app, 'PUT', clientUrl(c.id), {
        token: p.admin.token,
        body: { name: c.name, last_name: c.last_name, manager_id: p.second.id },
      }),
    );
    await fold();
    ok(
      await call(t.app, 'PUT', clientUrl(d.id), {
        token: p.admin.token,
        body: {
          name: d.name,
          last_name: d.last_name,
          amount: 1,
          category_id: second.id,
          manager_id: p.manager.id,
        },
      }),
    );
    ok(await call(t.app, 'DELETE', clientUrl(e.id), { token: p.manager.token }));
    // A bulk move of everyone left in the first stage, then a change after the fold.
    const bulk = await call(t.app, 'POST', urlOf(clientBulkEndpoints.start, { projectId }), {
      token: p.admin.token,
      body: { action: 'move', category_id: second.id, all: true, filters: { category_id: first.id } },
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(await agree()).toEqual([
      { category_id: second.id, clients: 5, amount: 5000 + 300 + 100 + 1 + 600 },
    ]);
    await fold();
    expect(await agree()).toEqual([{ category_id: second.id, clients: 5, amount: 6001 }]);
    // The last client of a manager and stage gone: no row of zeros is kept or shown.
    for (const client of [a, b, c, d, made[5]!])
      ok(await call(t.app, 'DELETE', clientUrl(client.id), { token: p.admin.token }));
    expect(await agree()).toEqual([]);
    await fold();
    expect(
      await t.db.selectFrom('client_stage_totals').selectAll().where('project_id', '=', projectId).execute(),
    ).toEqual([]);
  });
});
