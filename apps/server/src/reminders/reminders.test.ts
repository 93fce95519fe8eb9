import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  REMIND_BEFORE_PASSED,
  REMINDER_IN_PAST,
  REMINDER_NOT_PENDING,
  REMINDER_NOT_RESCHEDULABLE,
  REMINDER_TASKS_LOCKED,
  TASK_DUPLICATE,
  TASK_NOT_FOUND,
  type ClientReminder,
} from '@crm/contract';
import { call, registerOwner } from '../test/api.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { HOUR, hint, remindersProject } from './reminders.fixtures.js';

describe('client reminders (docs/product.md §4.9)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(() => t.close());

  it('creates a reminder with its checklist, comments and hint for the client’s manager, and records it', async () => {
    const p = await remindersProject(t);
    // The admin creates it on the manager's client: it is the manager's reminder.
    const res = await call(t.app, 'POST', p.r.create(p.ivan.id), {
      token: p.admin.token,
      body: {
        title: '  Позвонить по договору ',
        completion_date: '2026-07-01T15:30:00+03:00',
        remind_before: '30',
        tasks: ['Подготовить договор', 'Позвонить'],
        comments: ['Клиент просил после обеда'],
        description: hint('Обсудить сроки'),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const reminder = res.body.response as ClientReminder;
    expect(reminder).toMatchObject({
      title: 'Позвонить по договору',
      status: 'pending',
      completion_date: '2026-07-01T12:30:00.000Z',
      remind_before: '30',
      notify_at: '2026-07-01T12:00:00.000Z',
      rescheduled: false,
      tasks_total: 2,
      tasks_done: 0,
      all_tasks_completed: false,
      comments: ['Клиент просил после обеда'],
      description: hint('Обсудить сроки'),
      client: { id: p.ivan.id, name: 'Иван', last_name: 'Петров', category_id: p.stageA.id },
      manager: { id: p.manager.id, name: 'Мария Менеджерова' },
      template_id: null,
      knowledge_base_posts: [],
    });
    expect(reminder.tasks.map((task) => [task.title, task.status])).toEqual([
      ['Подготовить договор', 'pending'],
      ['Позвонить', 'pending'],
    ]);
    expect(await p.getReminder(p.manager.token, reminder.id)).toEqual(reminder);
    const [entry] = await p.history('client_reminder.created');
    expect(entry).toMatchObject({ actor_id: p.admin.id, subject_id: reminder.id });
    expect(entry!.message).toBe(
      'Создано напоминание «Позвонить по договору» по клиенту «Иван Петров» на 01.07.2026 15:30',
    );
  });

  it('refuses bad input on its field and writes nothing', async () => {
    const p = await remindersProject(t);
    const send = (body: object) =>
      call(t.app, 'POST', p.r.create(p.ivan.id), {
        token: p.manager.token,
        body: { title: 'Позвонить', completion_date: p.inHours(2), ...body },
      });
    const cases: [object, string, string][] = [
      [{ title: '   ' }, 'title', 'Обязательное поле'],
      [{ completion_date: '' }, 'completion_date', 'Обязательное поле'],
      [{ completion_date: 'завтра' }, 'completion_date', 'Введите дату и время'],
      [{ completion_date: p.inHours(-1) }, 'completion_date', REMINDER_IN_PAST],
      // Notify 3 hours before a reminder due in 2: that moment has passed.
      [{ remind_before: 180 }, 'remind_before', REMIND_BEFORE_PASSED],
      [{ remind_before: '1e3' }, 'remind_before', 'Введите целое число минут'],
      [{ tasks: ['Позвонить', 'позвонить'] }, 'tasks.1', TASK_DUPLICATE],
      [{ tasks: ['Позвонить', ' '] }, 'tasks.1', 'Обязательное поле'],
      [{ description: '{"not": "rich text"}' }, 'description', 'Некорректный формат текста'],
    ];
    for (const [body, field, message] of cases) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors[field]?.[0], JSON.stringify(res.body)).toContain(message);
    }
    expect(await p.remindersOf(p.ivan.id)).toEqual([]);
    expect(await p.history('client_reminder.created')).toEqual([]);
  });

  it('follows the lifecycle: pending → completed | canceled, expired → pending by rescheduling; anything else → 422', async () => {
    const p = await remindersProject(t);
    const a = await p.addReminder(p.manager.token, p.ivan.id, { tasks: ['Один', 'Два'] });
    const token = p.manager.token;

    // Tasks: ticked ids of this reminder only.
    const other = await p.addReminder(token, p.ivan.id, { tasks: ['Чужой'] });
    const foreign = await call(t.app, 'PUT', p.r.tasks(a.id), {
      token,
      body: { tasks: [a.tasks[0]!.id, other.tasks[0]!.id] },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors['tasks.1']).toEqual([TASK_NOT_FOUND]);
    const ticked = await call(t.app, 'PUT', p.r.tasks(a.id), { token, body: { tasks: [a.tasks[0]!.id] } });
    expect(ticked.status).toBe(200);
    expect(ticked.body.response).toMatchObject({ tasks_done: 1, all_tasks_completed: false });
    expect(ticked.body.response.tasks.map((x: { status: string }) => x.status)).toEqual([
      'completed',
      'pending',
    ]);

    // Complete; then nothing else moves it.
    const done = await call(t.app, 'POST', p.r.complete(a.id), { token });
    expect(done.body.response.status).toBe('completed');
    for (const [method, url, body, message] of [
      ['POST', p.r.complete(a.id), undefined, REMINDER_NOT_PENDING],
      ['POST', p.r.cancel(a.id), undefined, REMINDER_NOT_PENDING],
      ['PUT', p.r.reschedule(a.id), { completion_date: p.inHours(5) }, REMINDER_NOT_RESCHEDULABLE],
      ['PUT', p.r.tasks(a.id), { tasks: [a.tasks[1]!.id] }, REMINDER_TASKS_LOCKED],
      ['PUT', p.r.remindBefore(a.id), { remind_before: 15 }, REMINDER_NOT_PENDING],
    ] as const) {
      const res = await call(t.app, method, url, { token, body });
      expect(res.status, url).toBe(422);
      expect(res.body.errors.status).toEqual([message]);
    }

    // Cancel a pending one; it stays canceled.
    const b = await p.addReminder(token, p.ivan.id);
    expect((await call(t.app, 'POST', p.r.cancel(b.id), { token })).body.response.status).toBe('canceled');
    expect(
      (await call(t.app, 'PUT', p.r.reschedule(b.id), { token, body: { completion_date: p.inHours(5) } }))
        .status,
    ).toBe(422);

    // Expired (by the scheduler's rule, set here) → pending by rescheduling, marked rescheduled.
    const c = await p.addReminder(token, p.ivan.id, { remind_before: 30 });
    await t.db
      .updateTable('client_reminders')
      .set({ status: 'expired', notified_at: 'x' })
      .where('id', '=', c.id)
      .execute();
    expect((await call(t.app, 'POST', p.r.complete(c.id), { token })).status).toBe(422);
    const moved = await call(t.app, 'PUT', p.r.reschedule(c.id), {
      token,
      body: { completion_date: '2026-07-02T09:00:00Z' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.response).toMatchObject({
      status: 'pending',
      rescheduled: true,
      completion_date: '2026-07-02T09:00:00.000Z',
    });
    const [row] = await t.db
      .selectFrom('client_reminders')
      .select(['notified_at', 'notify_at'])
      .where('id', '=', c.id)
      .execute();
    // The notice goes out again for the new time.
    expect(row).toEqual({ notified_at: null, notify_at: '2026-07-02T08:30:00.000Z' });
    const past = await call(t.app, 'PUT', p.r.reschedule(c.id), {
      token,
      body: { completion_date: p.inHours(-1) },
    });
    expect(past.body.errors.completion_date).toEqual([REMINDER_IN_PAST]);

    expect((await p.history('client_reminder.tasks_completed')).map((h) => h.message)).toEqual([
      'В напоминании «Позвонить» выполнено: «Один»',
    ]);
    expect((await p.history('client_reminder.completed')).map((h) => h.subject_id)).toEqual([a.id]);
    expect((await p.history('client_reminder.canceled')).map((h) => h.subject_id)).toEqual([b.id]);
    expect((await p.history('client_reminder.rescheduled'))[0]!.message).toBe(
      'Напоминание «Позвонить» перенесено с 01.07.2026 15:00 на 02.07.2026 12:00',
    );
  });

  it("sets 'Установить напоминание' in minutes, refusing a moment already past", async () => {
    const p = await remindersProject(t);
    // The clock is at 09:00 (and runs on a little): due at 09:45.
    const a = await p.addReminder(p.manager.token, p.ivan.id, { completion_date: '2026-07-01T09:45:00Z' });
    const set = await call(t.app, 'PUT', p.r.remindBefore(a.id), {
      token: p.manager.token,
      body: { remind_before: 30 },
    });
    expect(set.body.response).toMatchObject({ remind_before: '30', notify_at: '2026-07-01T09:15:00.000Z' });
    const tooEarly = await call(t.app, 'PUT', p.r.remindBefore(a.id), {
      token: p.manager.token,
      body: { remind_before: 60 },
    });
    expect(tooEarly.status).toBe(422);
    expect(tooEarly.body.errors.remind_before).toEqual([REMIND_BEFORE_PASSED]);
    const off = await call(t.app, 'PUT', p.r.remindBefore(a.id), {
      token: p.manager.token,
      body: { remind_before: null },
    });
    expect(off.body.response).toMatchObject({ remind_before: '', notify_at: null });
    const atDue = await call(t.app, 'PUT', p.r.remindBefore(a.id), {
      token: p.manager.token,
      body: { remind_before: 0 },
    });
    expect(atDue.status, JSON.stringify(atDue.body)).toBe(200);
    await call(t.app, 'PUT', p.r.remindBefore(a.id), { token: p.manager.token, body: { remind_before: 15 } });
    expect((await p.history('client_reminder.remind_before_set')).map((h) => h.message)).toEqual([
      'Напоминание «Позвонить»: уведомить за 30 мин (было без уведомления)',
      'Напоминание «Позвонить»: уведомить без уведомления (было за 30 мин)',
      // Notified at the due time: 'в срок', never 'за 0 ч'.
      'Напоминание «Позвонить»: уведомить в срок (было без уведомления)',
      'Напоминание «Позвонить»: уведомить за 15 мин (было в срок)',
    ]);
  });

  it('answers the calendar window, today and the paged list in the project’s days and scope', async () => {
    const p = await remindersProject(t, '2026-07-01T06:00:00Z');
    // Europe/Moscow (UTC+3): 1 July 00:00 there is 30 June 21:00 UTC.
    await call(t.app, 'PUT', `/api/v1/projects/${p.owner.projectId}`, {
      token: p.owner.token,
      body: { timezone: 'Europe/Moscow' },
    });
    const mine = [
      await p.addReminder(p.manager.token, p.ivan.id, {
        title: 'Сегодня',
        completion_date: '2026-07-01T20:59:00Z',
      }),
      await p.addReminder(p.manager.token, p.ivan.id, {
        title: 'Завтра',
        completion_date: '2026-07-01T21:00:00Z',
      }),
      await p.addReminder(p.manager.token, p.ivan.id, {
        title: 'Через неделю',
        completion_date: '2026-07-08T08:00:00Z',
      }),
    ];
    const hers = await p.addReminder(p.second.token, p.olga.id, {
      title: 'Ольга',
      completion_date: '2026-07-01T10:00:00Z',
    });
    const titles = (res: { body: { response: { data: { title: string }[] } } }) =>
      res.body.response.data.map((x) => x.title);

    const week = await call(t.app, 'GET', `${p.r.calendar}?start_date=2026-07-01&period=week`, {
      token: p.manager.token,
    });
    expect(week.status).toBe(200);
    expect(titles(week)).toEqual(['Сегодня', 'Завтра']);
    expect(week.body.response.truncated).toBe(false);
    const day = await call(t.app, 'GET', `${p.r.calendar}?start_date=2026-07-01&period=day`, {
      token: p.manager.token,
    });
    expect(titles(day)).toEqual(['Сегодня']);
    const month = await call(t.app, 'GET', `${p.r.calendar}?start_date=2026-06-29`, {
      token: p.manager.token,
    });
    expect(titles(month)).toEqual(['Сегодня', 'Завтра']); // the default period is a week
    const six = await call(t.app, 'GET', `${p.r.calendar}?start_date=2026-06-29&period=month`, {
      token: p.manager.token,
    });
    expect(titles(six)).toEqual(['Сегодня', 'Завтра', 'Через неделю']);
    // The admin sees the team's, or one member's.
    const team = await call(t.app, 'GET', `${p.r.calendar}?start_date=2026-07-01&period=day`, {
      token: p.admin.token,
    });
    expect(titles(team)).toEqual(['Ольга', 'Сегодня']);
    const one = await call(
      t.app,
      'GET',
      `${p.r.calendar}?start_date=2026-07-01&period=day&manager_id=${p.second.id}`,
      {
        token: p.admin.token,
      },
    );
    expect(titles(one)).toEqual(['Ольга']);
    // A manager's manager_id does not widen his scope.
    const nosy = await call(
      t.app,
      'GET',
      `${p.r.calendar}?start_date=2026-07-01&period=day&manager_id=${p.second.id}`,
      {
        token: p.manager.token,
      },
    );
    expect(titles(nosy)).toEqual(['Сегодня']);

    const today = await call(t.app, 'GET', p.r.today, { token: p.manager.token });
    expect(titles(today)).toEqual(['Сегодня']);

    const list = await call(t.app, 'GET', `${p.r.list}?client_id=${p.ivan.id}`, { token: p.manager.token });
    expect(list.body.response).toMatchObject({ current_page: 1, last_page: 1, per_page: 20, total: 3 });
    expect(list.body.response.data.map((x: { id: number }) => x.id)).toEqual([
      mine[2]!.id,
      mine[1]!.id,
      mine[0]!.id,
    ]);
    await call(t.app, 'POST', p.r.cancel(mine[0]!.id), { token: p.manager.token });
    const canceled = await call(t.app, 'GET', `${p.r.list}?status=canceled`, { token: p.admin.token });
    expect(canceled.body.response.data.map((x: { id: number }) => x.id)).toEqual([mine[0]!.id]);
    const byManager = await call(t.app, 'GET', `${p.r.list}?manager_id=${p.second.id}`, {
      token: p.admin.token,
    });
    expect(byManager.body.response.data.map((x: { id: number }) => x.id)).toEqual([hers.id]);

    const bad = await call(t.app, 'GET', `${p.r.calendar}?start_date=2026-02-30&period=year`, {
      token: p.manager.token,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['period', 'start_date']);
  });

  it("answers each client's next open reminder for the board: the earliest pending or overdue, in the caller's scope", async () => {
    const p = await remindersProject(t);
    const later = await p.addReminder(p.manager.token, p.ivan.id, {
      title: 'Позже',
      completion_date: p.inHours(30),
    });
    const sooner = await p.addReminder(p.admin.token, p.ivan.id, {
      title: 'Раньше',
      completion_date: p.inHours(2),
    });
    const done = await p.addReminder(p.manager.token, p.ivan.id, {
      title: 'Сделано',
      completion_date: p.inHours(1),
    });
    expect((await call(t.app, 'POST', p.r.complete(done.id), { token: p.manager.token })).status).toBe(200);
    const hers = await p.addReminder(p.second.token, p.olga.id, {
      title: 'Её',
      completion_date: p.inHours(5),
    });
    const pick = (r: { id: number; title: string; completion_date: string; status: string }) => ({
      id: r.id,
      title: r.title,
      completion_date: r.completion_date,
      status: r.status,
    });

    const admin = await call(t.app, 'GET', p.r.next([p.ivan.id, p.olga.id, 999_999]), {
      token: p.admin.token,
    });
    expect(admin.status, JSON.stringify(admin.body)).toBe(200);
    expect(admin.body.response).toEqual([
      { client_id: p.ivan.id, ...pick(sooner) },
      { client_id: p.olga.id, ...pick(hers) },
    ]);
    // A manager: his own clients' only.
    const own = await call(t.app, 'GET', p.r.next([p.ivan.id, p.olga.id]), { token: p.manager.token });
    expect(own.body.response).toEqual([{ client_id: p.ivan.id, ...pick(sooner) }]);

    // Overdue comes first, as overdue; cancelled ones are left out.
    await t.db
      .updateTable('client_reminders')
      .set({ status: 'expired' })
      .where('id', '=', later.id)
      .execute();
    await t.db
      .updateTable('client_reminders')
      .set({ completion_date: '2026-07-01T08:00:00.000Z' })
      .where('id', '=', later.id)
      .execute();
    expect((await call(t.app, 'POST', p.r.cancel(sooner.id), { token: p.admin.token })).status).toBe(200);
    const overdue = await call(t.app, 'GET', p.r.next([p.ivan.id]), { token: p.manager.token });
    expect(overdue.body.response).toEqual([
      {
        client_id: p.ivan.id,
        id: later.id,
        title: 'Позже',
        completion_date: '2026-07-01T08:00:00.000Z',
        status: 'expired',
      },
    ]);

    // Bad lists are refused with a reason.
    for (const [query, message] of [
      ['', 'Клиенты — номера через запятую'],
      ['1,,2', 'Клиенты — номера через запятую'],
      [Array.from({ length: 101 }, (_, i) => i + 1).join(','), 'Не больше 100 клиентов'],
    ] as const) {
      const bad = await call(t.app, 'GET', `${p.r.list}/next?client_ids=${query}`, { token: p.admin.token });
      expect(bad.status, query).toBe(422);
      expect(JSON.stringify(bad.body), query).toContain(message);
    }
  });

  it('refuses everyone who may not: anonymous, another project, another manager (404, never revealed)', async () => {
    const p = await remindersProject(t);
    const mine = await p.addReminder(p.manager.token, p.ivan.id, { tasks: ['Один'] });
    const stranger = await registerOwner(t.app, 'Чужой проект');
    const calls = [
      ['GET', p.r.one(mine.id), undefined],
      ['PUT', p.r.reschedule(mine.id), { completion_date: p.inHours(5) }],
      ['PUT', p.r.remindBefore(mine.id), { remind_before: 15 }],
      ['PUT', p.r.tasks(mine.id), { tasks: [mine.tasks[0]!.id] }],
      ['POST', p.r.complete(mine.id), undefined],
      ['POST', p.r.cancel(mine.id), undefined],
    ] as const;
    for (const [method, url, body] of calls) {
      expect((await call(t.app, method, url, { body })).status, url).toBe(401);
      expect((await call(t.app, method, url, { token: stranger.token, body })).status, url).toBe(404);
      const other = await call(t.app, method, url, { token: p.second.token, body });
      expect(other.status, url).toBe(404);
      expect(other.body.message).toBe('Напоминание не найдено');
    }
    for (const url of [
      p.r.list,
      p.r.today,
      p.r.todayFilters,
      `${p.r.calendar}?start_date=2026-07-01`,
      p.r.next([p.ivan.id]),
    ]) {
      expect((await call(t.app, 'GET', url)).status, url).toBe(401);
      expect((await call(t.app, 'GET', url, { token: stranger.token })).status, url).toBe(404);
    }
    // Another manager asking for this client's next reminder hears of none.
    const next = await call(t.app, 'GET', p.r.next([p.ivan.id]), { token: p.second.token });
    expect(next.status).toBe(200);
    expect(next.body.response).toEqual([]);
    // Another manager's client: no reminder on him.
    const onHers = await call(t.app, 'POST', p.r.create(p.olga.id), {
      token: p.manager.token,
      body: { title: 'Чужой', completion_date: p.inHours(2) },
    });
    expect(onHers.status).toBe(404);
    expect(onHers.body.message).toBe('Клиент не найден');
    // Nothing changed.
    expect(await p.getReminder(p.manager.token, mine.id)).toMatchObject({ status: 'pending', tasks_done: 0 });
    // The admin reaches it.
    expect((await call(t.app, 'POST', p.r.complete(mine.id), { token: p.admin.token })).status).toBe(200);
    expect(HOUR).toBe(3600_000);
  });
});
