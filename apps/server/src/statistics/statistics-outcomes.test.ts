import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lossReasonsEndpoints,
  statisticsEndpoints,
  type LossReason,
  type StatisticsAnswer,
} from '@crm/contract';
import { call, urlOf } from '../test/api.js';
import { pipelineProject } from '../test/pipeline-project.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

const HOUR = 3600;

/**
 * On 1 July 2026: Иван (manager) won after 5 h with a final amount, Ольга (manager) lost 'Дорого'
 * after 2 h, Пётр (second) lost with an own reason, Анна (second) won after 3 h, Борис (manager)
 * added straight into 'Отказ' (no reason); Вера (manager) is still open.
 */
async function closedProject(t: TestApp) {
  t.clock.set('2026-07-01T06:00:00Z');
  const p = await pipelineProject(t);
  const projectId = p.owner.projectId;
  const open = await p.addCategory({ name: 'В работе' });
  const all = await p.categories();
  const won = all.find((c) => c.outcome === 'won')!;
  const lost = all.find((c) => c.outcome === 'lost')!;
  const reasons = (
    await call(t.app, 'GET', urlOf(lossReasonsEndpoints.list, { projectId }), { token: p.manager.token })
  ).body.response as LossReason[];
  const dear = reasons.find((r) => r.name === 'Дорого')!;

  const add = async (token: string, name: string, categoryId = open.id) => {
    t.clock.set('2026-07-01T06:00:00Z');
    return p.addClient(token, { name, last_name: 'К', category_id: categoryId, amount: 100 });
  };
  const move = async (at: string, clientId: number, body: Record<string, unknown>) => {
    t.clock.set(at);
    const res = await call(t.app, 'PUT', p.urls.moveClient(clientId), { token: p.admin.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const ivan = await add(p.manager.token, 'Иван');
  const olga = await add(p.manager.token, 'Ольга');
  const petr = await add(p.second.token, 'Пётр');
  const anna = await add(p.second.token, 'Анна');
  await add(p.manager.token, 'Борис', lost.id);
  await add(p.manager.token, 'Вера');
  await move('2026-07-01T11:00:00Z', ivan.id, { category_id: won.id, final_amount: 5000 });
  await move('2026-07-01T08:00:00Z', olga.id, { category_id: lost.id, loss_reason_id: dear.id });
  await move('2026-07-01T09:00:00Z', petr.id, { category_id: lost.id, loss_reason_text: 'Переехал' });
  await move('2026-07-01T09:00:00Z', anna.id, { category_id: won.id });

  const stats = async (token: string, query: Record<string, string | number>) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
    const res = await call(
      t.app,
      'GET',
      `${urlOf(statisticsEndpoints.get, { projectId })}?${qs.toString()}`,
      {
        token,
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.response as StatisticsAnswer;
  };
  return { ...p, open, won, lost, dear, stats, move, olga };
}

describe('statistics: won and lost (docs/product.md §9.2)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('the win rate and the average time to win, the team’s and per member', async () => {
    const p = await closedProject(t);
    const s = await p.stats(p.admin.token, { from: '2026-07-01', to: '2026-07-01' });
    expect(s.categories.map((c) => [c.name, c.outcome])).toEqual([
      ['В работе', null],
      ['Успех', 'won'],
      ['Отказ', 'lost'],
    ]);
    // Борис, added straight into 'Отказ', counts as lost; the time to win counts moves only.
    expect(s.outcomes).toEqual({ won: 2, lost: 3, win_rate: 2 / 5, avg_seconds_to_win: 4 * HOUR });
    const row = (name: string) => s.outcomes_by_manager.find((m) => m.manager.name === name);
    expect(row('Мария Менеджерова')).toMatchObject({
      won: 1,
      lost: 2,
      win_rate: 1 / 3,
      avg_seconds_to_win: 5 * HOUR,
    });
    expect(row('Пётр Второй')).toMatchObject({
      won: 1,
      lost: 1,
      win_rate: 1 / 2,
      avg_seconds_to_win: 3 * HOUR,
    });
    // The stages that end the pipeline lead nowhere; entering 'Отказ' is no step further.
    expect(s.funnel.map((f) => [f.entered, f.conversion])).toEqual([
      [5, 2 / 5],
      [2, null],
      [3, null],
    ]);

    // A manager sees his own; another day has none.
    const own = await p.stats(p.second.token, { from: '2026-07-01', to: '2026-07-01' });
    expect(own.outcomes).toEqual({ won: 1, lost: 1, win_rate: 1 / 2, avg_seconds_to_win: 3 * HOUR });
    expect(own.outcomes_by_manager.map((m) => m.manager.name)).toEqual(['Пётр Второй']);
    const empty = await p.stats(p.admin.token, { from: '2026-07-02', to: '2026-07-02' });
    expect(empty.outcomes).toEqual({ won: 0, lost: 0, win_rate: null, avg_seconds_to_win: null });
    expect(empty.loss_reasons).toEqual([]);
  });

  it('the loss reasons with their counts: the list’s, «Другое», none given; a renamed reason by its name now', async () => {
    const p = await closedProject(t);
    // A second loss for 'Дорого' on another client, and the reason renamed afterwards.
    const x = await p.addClient(p.manager.token, { name: 'Ян', last_name: 'К', category_id: p.open.id });
    await p.move('2026-07-01T12:00:00Z', x.id, { category_id: p.lost.id, loss_reason_id: p.dear.id });
    await call(
      t.app,
      'PUT',
      urlOf(lossReasonsEndpoints.update, { projectId: p.owner.projectId, id: p.dear.id }),
      { token: p.admin.token, body: { name: 'Высокая цена' } },
    );
    const s = await p.stats(p.admin.token, { from: '2026-07-01', to: '2026-07-01' });
    expect(s.loss_reasons).toEqual([
      { reason_id: p.dear.id, other: false, name: 'Высокая цена', clients: 2 },
      { reason_id: null, other: true, name: 'Другое', clients: 1 },
      { reason_id: null, other: false, name: 'Причина не указана', clients: 1 },
    ]);
    const chosen = await p.stats(p.admin.token, {
      from: '2026-07-01',
      to: '2026-07-01',
      manager_id: p.second.id,
    });
    expect(chosen.loss_reasons).toEqual([{ reason_id: null, other: true, name: 'Другое', clients: 1 }]);
  });
});
