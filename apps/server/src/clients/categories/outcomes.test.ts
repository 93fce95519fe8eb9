import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  LOSS_REASON_NOT_FOUND,
  LOSS_REASON_TEXT_MAX,
  lossReasonsEndpoints,
  type ClientCategory,
  type LossReason,
} from '@crm/contract';
import { createScheduler } from '../../jobs/scheduler.js';
import { call, urlOf } from '../../test/api.js';
import { pipelineProject } from '../../test/pipeline-project.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { progressionJob } from '../progression.job.js';

const HOUR = 3600_000;

/** A project with one ordinary stage, its two starting outcome stages, and a client of the manager. */
async function outcomesProject(t: TestApp, name = 'Итоги') {
  const p = await pipelineProject(t, name);
  const open = await p.addCategory({ name: 'В работе' });
  const all = await p.categories();
  const won = all.find((c) => c.outcome === 'won')!;
  const lost = all.find((c) => c.outcome === 'lost')!;
  const client = await p.addClient(p.manager.token, {
    name: 'Иван',
    last_name: 'Петров',
    category_id: open.id,
    amount: 1000,
  });
  const reasonsUrl = urlOf(lossReasonsEndpoints.list, { projectId: p.owner.projectId });
  const reasonUrl = (id: number) => urlOf(lossReasonsEndpoints.update, { projectId: p.owner.projectId, id });
  const reasons = async () =>
    (await call(t.app, 'GET', reasonsUrl, { token: p.manager.token })).body.response as LossReason[];
  const move = (token: string, clientId: number, body: Record<string, unknown>) =>
    call(t.app, 'PUT', p.urls.moveClient(clientId), { token, body });
  return { ...p, open, won, lost, client, reasonsUrl, reasonUrl, reasons, move };
}

describe('stages that end the pipeline (docs/product.md §4.6)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(() => t.close());

  it('a new project starts with a «Успех» and a «Отказ» stage, last, renamable, and a reasons list', async () => {
    const p = await outcomesProject(t);
    const all = await p.categories();
    expect(all.map((c) => [c.name, c.outcome])).toEqual([
      ['В работе', null],
      ['Успех', 'won'],
      ['Отказ', 'lost'],
    ]);
    expect((await p.reasons()).map((r) => r.name)).toEqual([
      'Дорого',
      'Выбрал конкурента',
      'Нет потребности',
      'Не выходит на связь',
    ]);
    const renamed = await call(t.app, 'PUT', p.urls.category(p.won.id), {
      token: p.admin.token,
      body: { name: 'Успешно реализовано' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.response).toMatchObject({ name: 'Успешно реализовано', outcome: 'won' });
    // A stage added later still comes before them.
    await p.addCategory({ name: 'Переговоры' });
    expect((await p.categories()).map((c) => c.name)).toEqual([
      'В работе',
      'Переговоры',
      'Успешно реализовано',
      'Отказ',
    ]);
  });

  it('refuses to delete or unmark the last stage of its kind; a second one may go', async () => {
    const p = await outcomesProject(t);
    const del = (id: number) => call(t.app, 'DELETE', p.urls.category(id), { token: p.admin.token });
    const refused = await del(p.lost.id);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      '«Отказ» — единственный этап «Отказ» в проекте: сначала отметьте так другой этап, затем удалите этот',
    );
    const unmark = await call(t.app, 'PUT', p.urls.category(p.won.id), {
      token: p.admin.token,
      body: { name: 'Успех', outcome: null },
    });
    expect(unmark.status).toBe(422);
    expect(unmark.body.errors.outcome[0]).toContain('единственный этап «Успех»');

    const second = await p.addCategory({ name: 'Отказ: дубль', outcome: 'lost' });
    expect(second.outcome).toBe('lost');
    expect((await del(p.lost.id)).status).toBe(200);
    expect((await del(second.id)).status).toBe(422);
    expect((await p.categories()).filter((c) => c.outcome === 'lost').map((c) => c.name)).toEqual([
      'Отказ: дубль',
    ]);
  });

  it('auto-moves never go into or out of them: refused on save, skipped by the scheduler', async () => {
    const p = await outcomesProject(t);
    const save = (id: number, body: Record<string, unknown>) =>
      call(t.app, 'PUT', p.urls.category(id), { token: p.admin.token, body });
    const into = await save(p.open.id, { name: 'В работе', next_category_id: p.lost.id, duration: 3600 });
    expect(into.status).toBe(422);
    expect(into.body.errors.next_category_id[0]).toMatch(
      /^В этап «Успех» или «Отказ» клиента переводит человек/,
    );
    const created = await call(t.app, 'POST', p.urls.categories, {
      token: p.admin.token,
      body: { name: 'Ждёт', next_category_id: p.won.id, duration: 3600 },
    });
    expect(created.status).toBe(422);
    const outOf = await save(p.won.id, { name: 'Успех', next_category_id: p.open.id, duration: 3600 });
    expect(outOf.status).toBe(422);
    expect(outOf.body.errors.next_category_id).toEqual([
      'Этап «Успех» или «Отказ» завершает воронку: у него не может быть следующей категории',
    ]);
    // Marking a stage others lead to is refused, naming them.
    const target = await p.addCategory({ name: 'Финал' });
    await p.addCategory({ name: 'Ожидание', next_category_id: target.id, duration: 3600 });
    const mark = await save(target.id, { name: 'Финал', outcome: 'won' });
    expect(mark.status).toBe(422);
    expect(mark.body.errors.outcome[0]).toMatch(/^В эту категорию ведут «Ожидание»/);

    // A link written behind the settings' back (an older database) is still never followed.
    await t.db
      .updateTable('client_categories')
      .set({ next_category_id: p.lost.id, duration: 3600 })
      .where('id', '=', p.open.id)
      .execute();
    t.clock.set(new Date(t.clock.now().getTime() + 2 * HOUR));
    const scheduler = createScheduler(t.deps, [progressionJob], 'instance-a');
    expect(await scheduler.runDue()).toEqual({ 'clients.progress': 0 });
    const stillOpen = await call(t.app, 'GET', p.urls.client(p.client.id), { token: p.admin.token });
    expect(stillOpen.body.response.category_id).toBe(p.open.id);
  });

  it('into «Отказ» a reason is required: from the list, or an own text; unknown, foreign or too long → 422', async () => {
    const p = await outcomesProject(t);
    const other = await outcomesProject(t, 'Чужой');
    const foreign = (await other.reasons())[0]!;
    const [dear] = await p.reasons();
    const expectRefused = async (body: Record<string, unknown>, field: string, message: string | RegExp) => {
      const res = await p.move(p.manager.token, p.client.id, { category_id: p.lost.id, ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.errors[field][0]).toMatch(message);
    };
    await expectRefused({}, 'loss_reason_id', /^Укажите причину отказа/);
    await expectRefused({ loss_reason_text: '   ' }, 'loss_reason_id', /^Укажите причину отказа/);
    await expectRefused({ loss_reason_id: 999_999 }, 'loss_reason_id', LOSS_REASON_NOT_FOUND);
    await expectRefused({ loss_reason_id: foreign.id }, 'loss_reason_id', LOSS_REASON_NOT_FOUND);
    await expectRefused(
      { loss_reason_text: 'я'.repeat(LOSS_REASON_TEXT_MAX + 1) },
      'loss_reason_text',
      `Причина отказа — не более ${LOSS_REASON_TEXT_MAX} символов`,
    );
    await expectRefused(
      { loss_reason_id: dear!.id, loss_reason_text: 'и ещё' },
      'loss_reason_id',
      /^Укажите одну причину/,
    );
    // Nothing moved.
    const still = await call(t.app, 'GET', p.urls.client(p.client.id), { token: p.manager.token });
    expect(still.body.response.category_id).toBe(p.open.id);
    expect(await p.history('client_category_changed')).toEqual([]);

    const ok = await p.move(p.manager.token, p.client.id, {
      category_id: p.lost.id,
      loss_reason_id: dear!.id,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.response.category_id).toBe(p.lost.id);
    const [entry] = await p.history('client_category_changed');
    expect(entry!.message).toBe('Клиент «Иван Петров» переведён из «В работе» в «Отказ». Отказ: Дорого');
    expect(JSON.parse(String(entry!.after))).toMatchObject({
      category_id: p.lost.id,
      outcome: 'lost',
      loss_reason_id: dear!.id,
      loss_reason: 'Дорого',
    });

    // Back to work, then lost again by the edit form with an own reason ('Другое').
    expect((await p.move(p.manager.token, p.client.id, { category_id: p.open.id })).status).toBe(200);
    const edited = await call(t.app, 'PUT', p.urls.client(p.client.id), {
      token: p.manager.token,
      body: {
        name: 'Иван',
        last_name: 'Петров',
        category_id: p.lost.id,
        loss_reason_text: 'Уехал из города',
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await p.history('client_category_changed')).at(-1)!.message).toBe(
      'Клиент «Иван Петров» переведён из «В работе» в «Отказ». Отказ: Уехал из города',
    );
    const formWithout = await call(t.app, 'PUT', p.urls.client(p.client.id), {
      token: p.manager.token,
      body: { name: 'Иван', last_name: 'Петров', category_id: p.open.id },
    });
    expect(formWithout.status).toBe(200);
    const refusedForm = await call(t.app, 'PUT', p.urls.client(p.client.id), {
      token: p.manager.token,
      body: { name: 'Иван', last_name: 'Петров', category_id: p.lost.id },
    });
    expect(refusedForm.status).toBe(422);
    expect(refusedForm.body.errors.loss_reason_id[0]).toMatch(/^Укажите причину отказа/);
  });

  it('into «Успех» the final amount is optional and becomes the client’s amount', async () => {
    const p = await outcomesProject(t);
    const plain = await p.move(p.manager.token, p.client.id, { category_id: p.won.id });
    expect(plain.status).toBe(200);
    expect(plain.body.response.amount).toBe(1000);
    await p.move(p.manager.token, p.client.id, { category_id: p.open.id });
    const final = await p.move(p.manager.token, p.client.id, {
      category_id: p.won.id,
      final_amount: '125 000',
    });
    expect(final.status).toBe(200);
    expect(final.body.response.amount).toBe(125_000);
    // Amounts are written as ru-RU writes them: a no-break space between digit groups.
    const messages = (await p.history('client_category_changed')).map((h) => h.message.replace(/\s/g, ' '));
    expect(messages).toEqual([
      'Клиент «Иван Петров» переведён из «В работе» в «Успех». Успех',
      'Клиент «Иван Петров» переведён из «Успех» в «В работе»',
      'Клиент «Иван Петров» переведён из «В работе» в «Успех». Успех, итоговая сумма 125 000 (была 1 000)',
    ]);
    const bad = await p.move(p.manager.token, p.client.id, { category_id: p.open.id, final_amount: '12,5' });
    expect(bad.status).toBe(422);
    // A reason or an amount for an ordinary stage is ignored.
    const ignored = await p.move(p.manager.token, p.client.id, {
      category_id: p.open.id,
      loss_reason_id: 999_999,
      final_amount: 5,
    });
    expect(ignored.status).toBe(200);
    expect(ignored.body.response.amount).toBe(125_000);
  });

  it('the reasons list: admins keep it; a manager reads it only; refusals', async () => {
    const p = await outcomesProject(t);
    const other = await outcomesProject(t, 'Чужой');
    const add = (token: string | undefined, name: unknown) =>
      call(t.app, 'POST', p.reasonsUrl, { token, body: { name } });

    const created = await add(p.admin.token, '  Долгие сроки ');
    expect(created.status).toBe(201);
    const reason = created.body.response as LossReason;
    expect(reason.name).toBe('Долгие сроки');
    expect((await add(p.admin.token, 'ДОЛГИЕ СРОКИ')).body.errors).toEqual({
      name: ['Такая причина отказа уже есть'],
    });
    expect((await add(p.admin.token, '')).body.errors).toEqual({ name: ['Обязательное поле'] });
    expect((await add(p.admin.token, 'я'.repeat(101))).status).toBe(422);

    const renamed = await call(t.app, 'PUT', p.reasonUrl(reason.id), {
      token: p.admin.token,
      body: { name: 'Сроки' },
    });
    expect(renamed.body.response).toEqual({ id: reason.id, name: 'Сроки' });

    // Refusals: anonymous 401, another project's member 404, a manager writing 403, another
    // project's reason 404.
    expect((await call(t.app, 'GET', p.reasonsUrl, {})).status).toBe(401);
    expect((await add(undefined, 'Икс')).status).toBe(401);
    expect((await call(t.app, 'GET', p.reasonsUrl, { token: other.admin.token })).status).toBe(404);
    expect((await add(other.admin.token, 'Икс')).status).toBe(404);
    expect((await add(p.manager.token, 'Икс')).status).toBe(403);
    expect(
      (await call(t.app, 'PUT', p.reasonUrl(reason.id), { token: p.manager.token, body: { name: 'Икс' } }))
        .status,
    ).toBe(403);
    expect((await call(t.app, 'DELETE', p.reasonUrl(reason.id), { token: p.manager.token })).status).toBe(
      403,
    );
    const foreign = (await other.reasons())[0]!;
    expect(
      (await call(t.app, 'PUT', p.reasonUrl(foreign.id), { token: p.admin.token, body: { name: 'Икс' } }))
        .status,
    ).toBe(404);
    expect((await call(t.app, 'DELETE', p.reasonUrl(foreign.id), { token: p.admin.token })).status).toBe(404);
    expect((await other.reasons()).map((r) => r.name)).toContain(foreign.name);

    // A deleted reason stays in the moves that named it.
    await p.move(p.manager.token, p.client.id, { category_id: p.lost.id, loss_reason_id: reason.id });
    expect((await call(t.app, 'DELETE', p.reasonUrl(reason.id), { token: p.admin.token })).status).toBe(200);
    expect((await p.reasons()).map((r) => r.name)).not.toContain('Сроки');
    expect((await p.history('client_category_changed')).at(-1)!.message).toMatch(/Отказ: Сроки$/);
    expect((await p.history('loss_reason.deleted')).map((h) => h.message)).toEqual([
      'Удалена причина отказа «Сроки» (отказы с ней её сохраняют)',
    ]);
  });

  it('a manager moves only his own clients into them (another manager’s → 404)', async () => {
    const p = await outcomesProject(t);
    const [dear] = await p.reasons();
    const res = await p.move(p.second.token, p.client.id, {
      category_id: p.lost.id,
      loss_reason_id: dear!.id,
    });
    expect(res.status).toBe(404);
    const categories: ClientCategory[] = await p.categories();
    expect(categories.length).toBe(3);
  });
});
