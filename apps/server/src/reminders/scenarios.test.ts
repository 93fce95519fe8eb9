import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  knowledgeCategoriesEndpoints,
  knowledgePostsEndpoints,
  SCENARIO_EVENT_LOCKED,
  SCENARIO_EVENT_NOT_FOUND,
  SCENARIO_ORDER_GROUP,
  SCENARIO_POST_NOT_FOUND,
  SCENARIO_REMIND_AFTER_CREATION,
  SCENARIO_SCHEDULE_TOO_SOON,
  type FormGroup,
  type Scenario,
} from '@crm/contract';
import { call, registerOwner, urlOf } from '../test/api.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { hint, remindersProject } from './reminders.fixtures.js';

type Project = Awaited<ReturnType<typeof remindersProject>>;

/** A select field 'Источник' with two options, and an article; answers their ids. */
async function formAndArticle(t: TestApp, p: Project) {
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
  expect(form.status, JSON.stringify(form.body)).toBe(200);
  const field = (form.body.response as FormGroup[])[0]!.fields[0]!;
  const topic = await call(
    t.app,
    'POST',
    urlOf(knowledgeCategoriesEndpoints.create, { projectId: p.owner.projectId }),
    {
      token: p.admin.token,
      body: { name: 'Скрипты' },
    },
  );
  const post = await call(
    t.app,
    'POST',
    urlOf(knowledgePostsEndpoints.create, {
      projectId: p.owner.projectId,
      categoryId: topic.body.response.id,
    }),
    {
      token: p.admin.token,
      body: { title: 'Первый звонок', content: hint('Здравствуйте!') },
    },
  );
  expect(post.status, JSON.stringify(post.body)).toBe(201);
  return { field, site: field.options[0]!, ad: field.options[1]!, postId: post.body.response.id as number };
}

describe('reminder scenarios (docs/product.md §4.10)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(() => t.close());

  it('lists the events, creates and edits scenarios with their checklist and articles; the event stays fixed', async () => {
    const p = await remindersProject(t);
    const { field, site, postId } = await formAndArticle(t, p);
    const events = await call(t.app, 'GET', p.r.events, { token: p.admin.token });
    expect(events.body.response).toEqual({
      client_category_changed: [
        { id: p.stageA.id, name: 'Новые', options: [], color: 'AC8BE5' },
        { id: p.stageB.id, name: 'Переговоры', options: [], color: 'AC8BE5' },
        // The stages that end the pipeline start scenarios too (a thank-you call after a win).
        { id: expect.any(Number), name: 'Успех', options: [], color: '77EF83' },
        { id: expect.any(Number), name: 'Отказ', options: [], color: 'FF8C8C' },
      ],
      client_form_field_changed: [
        {
          id: field.id,
          name: 'Источник',
          options: [{ id: site.id, name: 'Сайт' }, expect.anything()],
          color: null,
        },
      ],
    });

    const call1 = await p.addScenario({
      event_id: p.stageB.id,
      title: 'Позвонить',
      tasks: ['Представиться', 'Договориться'],
      posts: [postId, postId],
    });
    expect(call1).toMatchObject({
      event_type: 'client_category_changed',
      event_id: p.stageB.id,
      event: { id: p.stageB.id, name: 'Переговоры', select_field: null },
      schedule_for: 86_400,
      remind_before: 1800,
      tasks: ['Представиться', 'Договориться'],
      knowledge_base_posts: [{ id: postId, title: 'Первый звонок', content: hint('Здравствуйте!') }],
      order: 0,
    });
    const fromSite = await p.addScenario({
      event_type: 'client_form_field_changed',
      event_id: site.id,
      title: 'С сайта',
    });
    expect(fromSite.event).toEqual({
      id: site.id,
      name: 'Сайт',
      select_field: { id: field.id, name: 'Источник' },
    });
    const second = await p.addScenario({ event_id: p.stageB.id, title: 'Второй' });
    expect(second.order).toBe(1);

    const edit = await call(t.app, 'PUT', p.r.scenario(call1.id), {
      token: p.admin.token,
      body: {
        title: 'Позвонить сразу',
        description: hint('Новая подсказка'),
        schedule_for: 3600,
        remind_before: 600,
        tasks: [],
        posts: [],
      },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.response).toMatchObject({
      title: 'Позвонить сразу',
      schedule_for: 3600,
      tasks: [],
      knowledge_base_posts: [],
      event_id: p.stageB.id,
    });
    const moveEvent = await call(t.app, 'PUT', p.r.scenario(call1.id), {
      token: p.admin.token,
      body: {
        event_id: p.stageA.id,
        title: 'X',
        description: hint('x'),
        schedule_for: 3600,
        remind_before: 0,
      },
    });
    expect(moveEvent.status).toBe(422);
    expect(moveEvent.body.errors.event_id).toEqual([SCENARIO_EVENT_LOCKED]);

    const list = await call(t.app, 'GET', p.r.scenarios, { token: p.admin.token });
    expect(list.body.response.map((s: Scenario) => s.title)).toEqual([
      'Позвонить сразу',
      'Второй',
      'С сайта',
    ]);
    expect((await p.history('reminder_template.created')).map((h) => h.message)).toEqual([
      'Создан сценарий «Позвонить» (Категория клиента изменена: Переговоры; через 24 ч, уведомить за 30 мин)',
      'Создан сценарий «С сайта» (Поле формы клиента изменено: Источник — Сайт; через 24 ч, уведомить за 30 мин)',
      'Создан сценарий «Второй» (Категория клиента изменена: Переговоры; через 24 ч, уведомить за 30 мин)',
    ]);
    expect(await p.history('reminder_template.updated')).toHaveLength(1);
  });

  it('refuses bad scenarios on their field: another project’s category or option, a foreign article, a notice before the reminder', async () => {
    const p = await remindersProject(t);
    const { site } = await formAndArticle(t, p);
    const other = await remindersProject(t);
    const theirs = await formAndArticle(t, other);
    const send = (body: object) =>
      call(t.app, 'POST', p.r.scenarios, {
        token: p.admin.token,
        body: {
          event_type: 'client_category_changed',
          event_id: p.stageA.id,
          title: 'Т',
          description: hint('П'),
          schedule_for: 3600,
          remind_before: 60,
          ...body,
        },
      });
    const cases: [object, string, string][] = [
      [{ event_id: other.stageA.id }, 'event_id', SCENARIO_EVENT_NOT_FOUND],
      [
        { event_type: 'client_form_field_changed', event_id: theirs.site.id },
        'event_id',
        SCENARIO_EVENT_NOT_FOUND,
      ],
      // An option id named as a category.
      [{ event_id: site.id + 1000 }, 'event_id', SCENARIO_EVENT_NOT_FOUND],
      [{ posts: [theirs.postId] }, 'posts.0', SCENARIO_POST_NOT_FOUND],
      [{ remind_before: 7200 }, 'remind_before', SCENARIO_REMIND_AFTER_CREATION],
      [{ description: '' }, 'description', 'Обязательное поле'],
      [{ title: '' }, 'title', 'Обязательное поле'],
      [{ schedule_for: 1.5 }, 'schedule_for', 'Введите целое число'],
      // Due the moment a client enters: overdue as soon as it is made.
      [{ schedule_for: 0, remind_before: 0 }, 'schedule_for', SCENARIO_SCHEDULE_TOO_SOON],
      [{ schedule_for: 3599, remind_before: 0 }, 'schedule_for', SCENARIO_SCHEDULE_TOO_SOON],
      [{ event_type: 'client_deleted' }, 'event_type', ''],
      [{ tasks: ['а', 'А'] }, 'tasks.1', 'Такой пункт уже есть в чек-листе'],
    ];
    for (const [body, field, message] of cases) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors[field]?.[0], JSON.stringify(res.body)).toContain(message);
    }
    expect(await t.db.selectFrom('reminder_templates').selectAll().execute()).toEqual([]);
  });

  it('reorders inside one group only, all of it', async () => {
    const p = await remindersProject(t);
    const a = await p.addScenario({ event_id: p.stageA.id, title: 'А' });
    const b = await p.addScenario({ event_id: p.stageA.id, title: 'Б' });
    const c = await p.addScenario({ event_id: p.stageA.id, title: 'В' });
    const elsewhere = await p.addScenario({ event_id: p.stageB.id, title: 'Г' });
    const order = (ids: number[]) =>
      call(t.app, 'PUT', p.r.scenarioOrder, { token: p.admin.token, body: { ids } });
    const res = await order([c.id, a.id, b.id]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.response.map((s: Scenario) => [s.title, s.order])).toEqual([
      ['В', 0],
      ['А', 1],
      ['Б', 2],
      ['Г', 0],
    ]);
    for (const ids of [
      [a.id, b.id],
      [a.id, b.id, c.id, elsewhere.id],
      [a.id, a.id, b.id, c.id],
    ]) {
      const bad = await order(ids);
      expect(bad.status).toBe(422);
      expect(bad.body.errors.ids).toEqual([SCENARIO_ORDER_GROUP]);
    }
    expect((await order([a.id, 99_999])).body.errors['ids.1']).toEqual(['Сценарий не найден']);
    expect((await p.history('reminder_template.reordered'))[0]!.message).toBe(
      'Изменён порядок сценариев события «Новые»: «В», «А», «Б»',
    );
  });

  it('is for admins: a manager → 403, anonymous → 401, another project → 404', async () => {
    const p = await remindersProject(t);
    const s = await p.addScenario({ event_id: p.stageA.id });
    const stranger = await registerOwner(t.app, 'Чужой');
    const body = {
      event_type: 'client_category_changed',
      event_id: p.stageA.id,
      title: 'Т',
      description: hint('П'),
      schedule_for: 3600,
      remind_before: 60,
    };
    for (const [method, url, payload] of [
      ['GET', p.r.events, undefined],
      ['GET', p.r.scenarios, undefined],
      ['POST', p.r.scenarios, body],
      ['PUT', p.r.scenario(s.id), body],
      ['PUT', p.r.scenarioOrder, { ids: [s.id] }],
    ] as const) {
      expect((await call(t.app, method, url, { body: payload })).status, url).toBe(401);
      expect((await call(t.app, method, url, { token: p.manager.token, body: payload })).status, url).toBe(
        403,
      );
      expect((await call(t.app, method, url, { token: stranger.token, body: payload })).status, url).toBe(
        404,
      );
    }
    expect((await call(t.app, 'PUT', p.r.scenario(s.id + 50), { token: p.admin.token, body })).status).toBe(
      404,
    );
  });
});
