import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FormGroup } from '@crm/contract';
import { progressionJob } from '../clients/index.js';
import { call } from '../test/api.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { HOUR, hint, remindersProject } from './reminders.fixtures.js';

describe('scenarios fire on client events (docs/product.md §7.2)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(() => t.close());

  it('entering a category makes each of its scenarios’ reminders for the client’s manager; leaving skips the untouched ones', async () => {
    const p = await remindersProject(t);
    await p.addScenario({
      event_id: p.stageB.id,
      title: 'Позвонить',
      schedule_for: 2 * 3600,
      remind_before: 15 * 60,
      tasks: ['Представиться'],
      description: hint('Скрипт'),
    });
    await p.addScenario({
      event_id: p.stageB.id,
      title: 'Отправить КП',
      schedule_for: 24 * 3600,
      remind_before: 0,
    });
    await p.addScenario({ event_id: p.stageA.id, title: 'Не для этого шага' });

    // The admin moves the manager's client (a board drag is this same call).
    const start = t.clock.now().getTime();
    const moved = await call(t.app, 'PUT', p.urls.moveClient(p.ivan.id), {
      token: p.admin.token,
      body: { category_id: p.stageB.id },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const made = await p.remindersOf(p.ivan.id);
    expect(made.map((r) => [r.title, r.status, r.manager_id, r.remind_before, r.tasks_total])).toEqual([
      ['Позвонить', 'pending', p.manager.id, 15, 1],
      ['Отправить КП', 'pending', p.manager.id, 0, 0],
    ]);
    const due = Date.parse(made[0]!.completion_date) - start;
    expect(due).toBeGreaterThanOrEqual(2 * HOUR);
    expect(due).toBeLessThan(2 * HOUR + 60_000);
    expect(Date.parse(made[0]!.completion_date) - Date.parse(made[0]!.notify_at!)).toBe(15 * 60_000);
    const full = await p.getReminder(p.manager.token, made[0]!.id);
    expect(full).toMatchObject({
      description: hint('Скрипт'),
      tasks: [{ title: 'Представиться', status: 'pending' }],
    });
    expect(full.template_id).not.toBeNull();
    const created = await p.history('client_reminder.created');
    expect(created.map((h) => h.actor_id)).toEqual([p.admin.id, p.admin.id]);
    expect(created[0]!.message).toMatch(
      /^Сценарий «Позвонить» создал напоминание по клиенту «Иван Петров» на \d\d\.\d\d\.2026 \d\d:\d\d$/,
    );

    // One is done; moving back skips only the other.
    await call(t.app, 'POST', p.r.complete(made[0]!.id), { token: p.manager.token });
    await call(t.app, 'PUT', p.urls.moveClient(p.ivan.id), {
      token: p.manager.token,
      body: { category_id: p.stageA.id },
    });
    const after = await p.remindersOf(p.ivan.id);
    expect(after.map((r) => [r.title, r.status])).toEqual([
      ['Позвонить', 'completed'],
      ['Отправить КП', 'skipped'],
      ['Не для этого шага', 'pending'],
    ]);
    expect((await p.history('client_reminder.skipped')).map((h) => h.message)).toEqual([
      'Напоминание «Отправить КП» пропущено: клиент покинул категорию «Переговоры»',
    ]);
  });

  it('fires on a new client, a category changed in the edit form, and an automatic move (with no actor)', async () => {
    const p = await remindersProject(t);
    const auto = await p.addCategory({ name: 'Думает', next_category_id: p.stageB.id, duration: 3600 });
    await p.addScenario({ event_id: auto.id, title: 'Новый думает' });
    await p.addScenario({ event_id: p.stageB.id, title: 'Переговоры начались' });
    const client = await p.addClient(p.manager.token, {
      name: 'Пётр',
      last_name: 'Новый',
      category_id: auto.id,
    });
    expect((await p.remindersOf(client.id)).map((r) => r.title)).toEqual(['Новый думает']);

    // The edit form with a new category is a move too.
    const edit = await call(t.app, 'PUT', p.urls.client(p.olga.id), {
      token: p.second.token,
      body: { name: 'Ольга', last_name: 'Смирнова', category_id: p.stageB.id },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await p.remindersOf(p.olga.id)).map((r) => [r.title, r.manager_id])).toEqual([
      ['Переговоры начались', p.second.id],
    ]);

    // An hour later the scheduler moves the new client on.
    t.clock.advance(HOUR + 1000);
    expect(await progressionJob.run(t.deps, t.clock.now())).toBe(1);
    expect((await p.remindersOf(client.id)).map((r) => [r.title, r.status])).toEqual([
      ['Новый думает', 'skipped'],
      ['Переговоры начались', 'pending'],
    ]);
    const history = await p.history('client_reminder.created');
    expect(history.at(-1)!.actor_id).toBeNull();
    expect((await p.history('client_reminder.skipped')).at(-1)!.actor_id).toBeNull();
  });

  it('fires on a select option got in the client form; changing it skips the old option’s reminders', async () => {
    const p = await remindersProject(t);
    const form = await call(t.app, 'PUT', p.urls.form, {
      token: p.admin.token,
      body: {
        groups: [
          {
            title: 'Откуда',
            fields: [{ type: 'select', name: 'Источник', options: [{ name: 'Сайт' }, { name: 'Реклама' }] }],
          },
        ],
      },
    });
    const field = (form.body.response as FormGroup[])[0]!.fields[0]!;
    const [site, ad] = field.options;
    await p.addScenario({ event_type: 'client_form_field_changed', event_id: site!.id, title: 'С сайта' });
    await p.addScenario({ event_type: 'client_form_field_changed', event_id: ad!.id, title: 'С рекламы' });
    const setSource = (optionId: number) =>
      call(t.app, 'PUT', p.urls.client(p.ivan.id), {
        token: p.manager.token,
        body: {
          name: 'Иван',
          last_name: 'Петров',
          fields: [{ field_id: field.id, value: String(optionId) }],
        },
      });
    expect((await setSource(site!.id)).status).toBe(200);
    expect((await p.remindersOf(p.ivan.id)).map((r) => [r.title, r.status])).toEqual([
      ['С сайта', 'pending'],
    ]);
    await setSource(ad!.id);
    expect((await p.remindersOf(p.ivan.id)).map((r) => [r.title, r.status])).toEqual([
      ['С сайта', 'skipped'],
      ['С рекламы', 'pending'],
    ]);
    // A new client with the option given fires it too.
    const anna = await p.addClient(p.manager.token, {
      name: 'Анна',
      last_name: 'С сайта',
      category_id: p.stageA.id,
      fields: [{ field_id: field.id, value: String(site!.id) }],
    });
    expect((await p.remindersOf(anna.id)).map((r) => r.title)).toEqual(['С сайта']);
  });

  it('open reminders follow their client to another manager; done ones stay with who did them', async () => {
    const p = await remindersProject(t);
    const open = await p.addReminder(p.manager.token, p.ivan.id, { title: 'Открытое' });
    const done = await p.addReminder(p.manager.token, p.ivan.id, { title: 'Сделано' });
    await call(t.app, 'POST', p.r.complete(done.id), { token: p.manager.token });
    const pass = await call(t.app, 'PUT', p.urls.client(p.ivan.id), {
      token: p.admin.token,
      body: { name: 'Иван', last_name: 'Петров', manager_id: p.second.id },
    });
    expect(pass.status, JSON.stringify(pass.body)).toBe(200);
    expect((await p.remindersOf(p.ivan.id)).map((r) => [r.title, r.manager_id])).toEqual([
      ['Открытое', p.second.id],
      ['Сделано', p.manager.id],
    ]);
    expect((await call(t.app, 'GET', p.r.one(open.id), { token: p.manager.token })).status).toBe(404);
    expect((await call(t.app, 'GET', p.r.one(open.id), { token: p.second.token })).status).toBe(200);
  });
});
