/**
 * One recipe per route that changes a project: it prepares what the call needs through the API
 * and answers the one call under test. every-change-recorded.test.ts makes the call and looks
 * for its history entry. A recipe makes a real change: a save that changes nothing rightly
 * writes no entry.
 */
import { expect } from 'vitest';
import {
  accountsEndpoints,
  aiEndpoints,
  clientCallsEndpoints,
  clientCategoriesEndpoints,
  clientFormEndpoints,
  clientNotesEndpoints,
  clientsEndpoints,
  cluesEndpoints,
  lossReasonsEndpoints,
  conversationsEndpoints,
  integrationsEndpoints,
  webhooksEndpoints,
  leadFormsEndpoints,
  telegramEndpoints,
  telegramLinksEndpoints,
  clientMessagesEndpoints,
  knowledgeCategoriesEndpoints,
  knowledgePostsEndpoints,
  projectsEndpoints,
  remindersEndpoints,
  scenariosEndpoints,
  statusesEndpoints,
  teamEndpoints,
  type ClientReminder,
  type EndpointSpec,
  type FormGroup,
} from '@crm/contract';
import { call, urlOf, type ApiAnswer } from '../test/api.js';
import { multipart } from '../test/multipart.js';
import { joinAs, userIdOf } from '../test/members.js';
import { hint, pipelineProject } from '../test/pipeline-project.js';
import type { TestApp } from '../test/test-app.js';
import type { Mailbox } from '../test/test-mailbox.js';
import type { TestTelegram } from '../test/test-telegram-server.js';
import { features } from '../features.js';

/** A route as the route table names it: "POST /api/v1/projects/:projectId/statuses". */
export const keyOf = (endpoint: Pick<EndpointSpec, 'method' | 'path'>) =>
  `${endpoint.method} /api/v1${endpoint.path}`;

/** The one call under test; its caller is the token's user unless `actorOf` says otherwise. */
export type ChangeCall = {
  url: string;
  token: string | null;
  body?: unknown;
  /** A body that is not JSON (a multipart form) names its type. */
  headers?: Record<string, string>;
  /** Who the entry must name, when the caller has no token yet (he registers with the call). */
  actorOf?: (answer: ApiAnswer) => Promise<number>;
};

const INVITATION_LINK = 'http://localhost:5173/registration?invitation=';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The project every recipe changes, its people, and helpers that prepare through the API. */
export async function changeContext(t: TestApp, mailbox: Mailbox, telegram: TestTelegram) {
  const p = await pipelineProject(t, 'История изменений');
  const projectId = p.owner.projectId;
  const admin = p.admin.token;
  const manager = p.manager.token;
  let counter = 0;
  // Names are unique per project in several features: every prepared thing gets its own.
  const unique = (name: string) => `${name} ${++counter}`;
  // An invitation is refused for an address already invited or in the team: each gets a new one.
  const freshEmail = () => `invitee${++counter}-${projectId}@example.com`;

  /** A preparing call, which must succeed. */
  const ok = async (method: Method, url: string, token: string, body?: unknown) => {
    const res = await call(t.app, method, url, { token, body });
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return res.body.response as any;
  };

  const stage = await p.addCategory({ name: 'Новые' });
  const client = () =>
    p.addClient(manager, { name: 'Иван', last_name: unique('Петров'), category_id: stage.id });
  const status = async () =>
    (await ok('POST', urlOf(statusesEndpoints.create, { projectId }), admin, { name: unique('Статус') })) as {
      id: number;
    };

  const reminder = async (): Promise<ClientReminder> => {
    const { id: clientId } = await client();
    const due = new Date(t.clock.now().getTime() + 3 * 3600_000).toISOString();
    return ok('POST', urlOf(remindersEndpoints.create, { projectId, clientId }), manager, {
      title: unique('Позвонить'),
      completion_date: due,
      tasks: ['Позвонить', 'Отправить КП'],
    });
  };
  const scenario = async (categoryId: number): Promise<{ id: number }> =>
    ok('POST', urlOf(scenariosEndpoints.create, { projectId }), admin, {
      event_type: 'client_category_changed',
      event_id: categoryId,
      title: unique('Сценарий'),
      description: hint('Что сказать клиенту'),
      schedule_for: 3600,
      remind_before: 0,
    });

  const formGroup = async (): Promise<FormGroup> =>
    ok('POST', urlOf(clientFormEndpoints.createGroup, { projectId }), admin, {
      project_id: projectId,
      title: unique('Группа'),
      fields: [{ type: 'text', name: 'Город' }],
    });
  const form = (): Promise<FormGroup[]> => ok('GET', urlOf(clientFormEndpoints.get, { projectId }), admin);

  const knowledgeCategory = async (): Promise<{ id: number }> =>
    ok('POST', urlOf(knowledgeCategoriesEndpoints.create, { projectId }), admin, { name: unique('Тема') });
  const knowledgePost = async (): Promise<{ id: number }> => {
    const { id: categoryId } = await knowledgeCategory();
    return ok('POST', urlOf(knowledgePostsEndpoints.create, { projectId, categoryId }), admin, {
      title: unique('Статья'),
    });
  };

  const aiGroup = async (): Promise<{ id: number }> =>
    ok('POST', urlOf(aiEndpoints.createGroup, { projectId }), admin, { name: unique('Группа вопросов') });
  const aiQuestion = async (groupId: number): Promise<{ id: number }> =>
    ok('POST', urlOf(aiEndpoints.createQuestion, { projectId }), admin, {
      question: unique('Кто клиент?'),
      field_type: 'text',
      prompt: 'Клиент:',
      group_id: groupId,
    });
  const aiPrompt = async (): Promise<{ id: number; groupId: number; questionId: number }> => {
    const group = await aiGroup();
    const question = await aiQuestion(group.id);
    const prompt = await ok('POST', urlOf(aiEndpoints.createPrompt, { projectId }), admin, {
      name: unique('Промпт'),
      questions: [question.id],
      ai_initial_question_group_id: group.id,
    });
    return { id: prompt.id, groupId: group.id, questionId: question.id };
  };

  /** An invitation by the admin, and its secret read from the email that arrived. */
  const invite = async (role: 'admin' | 'manager' = 'manager') => {
    const email = freshEmail();
    const sent = await ok('POST', urlOf(teamEndpoints.invite, { projectId }), admin, { email, role });
    const link = mailbox.linkIn(await mailbox.lastTo(email), INVITATION_LINK);
    return { id: sent.id as number, email, token: decodeURIComponent(link.slice(INVITATION_LINK.length)) };
  };
  const registration = (email: string, invitationToken?: string) => ({
    name: 'Новый Участник',
    email,
    password: 'password123',
    password_confirmation: 'password123',
    ...(invitationToken ? { invitation_token: invitationToken } : {}),
  });

  return {
    t,
    projectId,
    admin,
    manager,
    managerId: p.manager.id,
    unique,
    freshEmail,
    ok,
    stage,
    client,
    status,
    category: () => p.addCategory({ name: unique('Этап') }),
    reminder,
    scenario,
    formGroup,
    form,
    knowledgeCategory,
    knowledgePost,
    aiGroup,
    aiQuestion,
    aiPrompt,
    invite,
    registration,
    /** A bot Telegram knows: its token. */
    botToken: () => telegram.addBot(`walk_${++counter}_bot`).token,
    /** A client who wrote to the project's bot (connected now): his id. */
    telegramClient: async () => {
      const bot = telegram.addBot(`walk_${++counter}_bot`);
      await ok('PUT', urlOf(telegramEndpoints.connect, { projectId }), admin, { token: bot.token, manager_rule: 'one', manager_id: p.manager.id });
      const userId = 50_000 + counter;
      telegram.queue(bot.token, {
        update_id: counter,
        message: { message_id: 1, date: 1_800_000_000, chat: { id: userId, type: 'private' }, from: { id: userId, is_bot: false, first_name: unique('Писатель') }, text: 'Здравствуйте' },
      } as { update_id: number });
      // The bot's jobs, as the scheduler runs them: ask Telegram, then handle what came.
      const jobs = features.find((f) => f.name === 'telegram')!.jobs!;
      for (const name of ['telegram.polling', 'telegram.updates']) await jobs.find((j) => j.name === name)!.run(t.deps, t.clock.now());
      const chat = await t.db.selectFrom('telegram_chats').select('client_id').where('telegram_user_id', '=', String(userId)).executeTakeFirstOrThrow();
      return chat.client_id;
    },
    /** The manager's own Telegram linked to the project's bot (connected now), by the deep link's /start. */
    linkManagerTelegram: async () => {
      const bot = telegram.addBot(`walk_${++counter}_bot`);
      await ok('PUT', urlOf(telegramEndpoints.connect, { projectId }), admin, { token: bot.token });
      const { url } = await ok('POST', urlOf(telegramLinksEndpoints.createCode, { projectId }), manager);
      const userId = 60_000 + counter;
      telegram.queue(bot.token, {
        update_id: counter,
        message: { message_id: 1, date: 1_800_000_000, chat: { id: userId, type: 'private' }, from: { id: userId, is_bot: false, first_name: 'Менеджер' }, text: `/start ${new URL(url as string).searchParams.get('start')}` },
      } as { update_id: number });
      const jobs = features.find((f) => f.name === 'telegram')!.jobs!;
      for (const name of ['telegram.polling', 'telegram.updates']) await jobs.find((j) => j.name === name)!.run(t.deps, t.clock.now());
    },

    leadForm: () => ({
      name: unique('Форма'),
      category_id: stage.id,
      manager_rule: 'one',
      manager_id: p.manager.id,
      origins: ['https://shop.example.com'],
    }),
    /** A webhook switched off (no delivery leaves during the walk). */
    webhook: (): Promise<{ id: number }> =>
      ok('POST', urlOf(webhooksEndpoints.create, { projectId }), admin, {
        url: 'http://127.0.0.1:9/hook',
        events: ['client.created'],
        enabled: false,
      }),
  };
}

export type ChangeContext = Awaited<ReturnType<typeof changeContext>>;
type Recipe = (c: ChangeContext) => Promise<ChangeCall>;

/** The form as PUT /form takes it back: every group, field and option kept by its id. */
const formAsInput = (groups: FormGroup[]) =>
  groups.map((g) => ({
    id: g.id,
    title: g.title,
    fields: g.fields.map(({ options, order: _order, ...field }) => ({
      ...field,
      options: options.map((o) => ({ id: o.id, name: o.name })),
    })),
  }));

export const changeRecipes: Record<string, Recipe> = {
  // ---- accounts and team ----------------------------------------------------------------------
  // Registering with an invitation joins its project (an ordinary registration is not a project
  // change, but the route is one as soon as it carries a token).
  [keyOf(accountsEndpoints.register)]: async (c) => {
    const invitation = await c.invite();
    return {
      url: urlOf(accountsEndpoints.register),
      token: null,
      body: c.registration(invitation.email, invitation.token),
      actorOf: (answer) => userIdOf(c.t.app, answer.body.response.token),
    };
  },
  [keyOf(teamEndpoints.acceptInvitation)]: async (c) => {
    const invitation = await c.invite('admin');
    const res = await call(c.t.app, 'POST', urlOf(accountsEndpoints.register), {
      body: c.registration(invitation.email),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return {
      url: urlOf(teamEndpoints.acceptInvitation, { token: invitation.token }),
      token: res.body.response.token,
    };
  },
  [keyOf(teamEndpoints.invite)]: async (c) => ({
    url: urlOf(teamEndpoints.invite, { projectId: c.projectId }),
    token: c.admin,
    body: { email: c.freshEmail(), role: 'manager' },
  }),
  [keyOf(teamEndpoints.revokeInvitation)]: async (c) => ({
    url: urlOf(teamEndpoints.revokeInvitation, { projectId: c.projectId, id: (await c.invite()).id }),
    token: c.admin,
  }),
  [keyOf(teamEndpoints.setMemberStatus)]: async (c) => ({
    url: urlOf(teamEndpoints.setMemberStatus, { projectId: c.projectId, userId: c.managerId }),
    token: c.admin,
    body: { status_id: (await c.status()).id },
  }),
  [keyOf(teamEndpoints.removeMember)]: async (c) => {
    const leaving = await joinAs(c.t, c.projectId, 'manager', 'Уходящий Менеджер');
    return {
      url: urlOf(teamEndpoints.removeMember, { projectId: c.projectId, userId: leaving.id }),
      token: c.admin,
    };
  },
  // A GET, yet a change: the admin's switch into a manager's account is recorded.
  [keyOf(teamEndpoints.memberAccessToken)]: async (c) => ({
    url: urlOf(teamEndpoints.memberAccessToken, { projectId: c.projectId, memberId: c.managerId }),
    token: c.admin,
  }),
  [keyOf(projectsEndpoints.update)]: async (c) => ({
    url: urlOf(projectsEndpoints.update, { projectId: c.projectId }),
    token: c.admin,
    body: { name: c.unique('Проект'), timezone: 'Asia/Yekaterinburg' },
  }),

  // ---- statuses -------------------------------------------------------------------------------
  [keyOf(statusesEndpoints.create)]: async (c) => ({
    url: urlOf(statusesEndpoints.create, { projectId: c.projectId }),
    token: c.admin,
    body: { name: c.unique('Новичок') },
  }),
  [keyOf(statusesEndpoints.update)]: async (c) => ({
    url: urlOf(statusesEndpoints.update, { projectId: c.projectId, id: (await c.status()).id }),
    token: c.admin,
    body: { name: c.unique('Опытный') },
  }),
  [keyOf(statusesEndpoints.remove)]: async (c) => ({
    url: urlOf(statusesEndpoints.remove, { projectId: c.projectId, id: (await c.status()).id }),
    token: c.admin,
  }),
  [keyOf(statusesEndpoints.reset)]: async (c) => ({
    url: urlOf(statusesEndpoints.reset, { projectId: c.projectId, id: (await c.status()).id }),
    token: c.admin,
  }),
  [keyOf(statusesEndpoints.setGoals)]: async (c) => ({
    url: urlOf(statusesEndpoints.setGoals, { projectId: c.projectId, id: (await c.status()).id }),
    token: c.admin,
    body: { goals: [{ client_category_id: c.stage.id, goal: 5 }] },
  }),
  [keyOf(statusesEndpoints.setDepositGoal)]: async (c) => ({
    url: urlOf(statusesEndpoints.setDepositGoal, { projectId: c.projectId, id: (await c.status()).id }),
    token: c.admin,
    body: { deposit_goal: 100_000 },
  }),

  // ---- client categories, hints, the client form ----------------------------------------------
  [keyOf(clientCategoriesEndpoints.create)]: async (c) => ({
    url: urlOf(clientCategoriesEndpoints.create, { projectId: c.projectId }),
    token: c.admin,
    body: { name: c.unique('Думает') },
  }),
  [keyOf(clientCategoriesEndpoints.changeOrder)]: async (c) => {
    await c.category();
    const all: { id: number }[] = await c.ok(
      'GET',
      urlOf(clientCategoriesEndpoints.list, { projectId: c.projectId }),
      c.admin,
    );
    return {
      url: urlOf(clientCategoriesEndpoints.changeOrder, { projectId: c.projectId }),
      token: c.admin,
      body: { ids: all.map((x) => x.id).reverse() },
    };
  },
  [keyOf(clientCategoriesEndpoints.update)]: async (c) => ({
    url: urlOf(clientCategoriesEndpoints.update, { projectId: c.projectId, id: (await c.category()).id }),
    token: c.admin,
    body: { name: c.unique('Переименована') },
  }),
  [keyOf(clientCategoriesEndpoints.remove)]: async (c) => ({
    url: urlOf(clientCategoriesEndpoints.remove, { projectId: c.projectId, id: (await c.category()).id }),
    token: c.admin,
  }),
  [keyOf(lossReasonsEndpoints.create)]: async (c) => ({
    url: urlOf(lossReasonsEndpoints.create, { projectId: c.projectId }),
    token: c.admin,
    body: { name: c.unique('Причина') },
  }),
  [keyOf(lossReasonsEndpoints.update)]: async (c) => {
    const reason = await c.ok(
      'POST',
      urlOf(lossReasonsEndpoints.create, { projectId: c.projectId }),
      c.admin,
      {
        name: c.unique('Была'),
      },
    );
    return {
      url: urlOf(lossReasonsEndpoints.update, { projectId: c.projectId, id: reason.id }),
      token: c.admin,
      body: { name: c.unique('Стала') },
    };
  },
  [keyOf(lossReasonsEndpoints.remove)]: async (c) => {
    const reason = await c.ok(
      'POST',
      urlOf(lossReasonsEndpoints.create, { projectId: c.projectId }),
      c.admin,
      {
        name: c.unique('Уйдёт'),
      },
    );
    return {
      url: urlOf(lossReasonsEndpoints.remove, { projectId: c.projectId, id: reason.id }),
      token: c.admin,
    };
  },
  [keyOf(cluesEndpoints.create)]: async (c) => ({
    url: urlOf(cluesEndpoints.create, { projectId: c.projectId, type: 'client_category' }),
    token: c.admin,
    body: { clue: hint('Спросить о бюджете'), type_id: (await c.category()).id },
  }),
  [keyOf(cluesEndpoints.update)]: async (c) => {
    const clue = await c.ok(
      'POST',
      urlOf(cluesEndpoints.create, { projectId: c.projectId, type: 'client_category' }),
      c.admin,
      {
        clue: hint('Было'),
        type_id: (await c.category()).id,
      },
    );
    return {
      url: urlOf(cluesEndpoints.update, { projectId: c.projectId, id: clue.id }),
      token: c.admin,
      body: { clue: hint('Стало') },
    };
  },
  [keyOf(cluesEndpoints.remove)]: async (c) => {
    const clue = await c.ok(
      'POST',
      urlOf(cluesEndpoints.create, { projectId: c.projectId, type: 'client_category' }),
      c.admin,
      {
        clue: hint('Удалить'),
        type_id: (await c.category()).id,
      },
    );
    return { url: urlOf(cluesEndpoints.remove, { projectId: c.projectId, id: clue.id }), token: c.admin };
  },
  [keyOf(clientFormEndpoints.save)]: async (c) => ({
    url: urlOf(clientFormEndpoints.save, { projectId: c.projectId }),
    token: c.admin,
    body: {
      groups: [
        ...formAsInput(await c.form()),
        { title: c.unique('Контакты'), fields: [{ type: 'text', name: 'Город' }] },
      ],
    },
  }),
  [keyOf(clientFormEndpoints.createGroup)]: async (c) => ({
    url: urlOf(clientFormEndpoints.createGroup, { projectId: c.projectId }),
    token: c.admin,
    body: { project_id: c.projectId, title: c.unique('Источник'), fields: [] },
  }),
  [keyOf(clientFormEndpoints.updateGroup)]: async (c) => {
    const group = await c.formGroup();
    return {
      url: urlOf(clientFormEndpoints.updateGroup, { projectId: c.projectId, id: group.id }),
      token: c.admin,
      body: formAsInput([{ ...group, title: c.unique('Переименована') }])[0],
    };
  },
  [keyOf(clientFormEndpoints.groupsOrder)]: async (c) => {
    await c.formGroup();
    await c.formGroup();
    return {
      url: urlOf(clientFormEndpoints.groupsOrder, { projectId: c.projectId }),
      token: c.admin,
      body: { ids: (await c.form()).map((g) => g.id).reverse() },
    };
  },

  // ---- clients: called as their manager -------------------------------------------------------
  [keyOf(clientsEndpoints.create)]: async (c) => ({
    url: urlOf(clientsEndpoints.create, { projectId: c.projectId }),
    token: c.manager,
    body: { name: 'Ольга', last_name: c.unique('Смирнова'), category_id: c.stage.id },
  }),
  [keyOf(clientsEndpoints.update)]: async (c) => ({
    url: urlOf(clientsEndpoints.update, { projectId: c.projectId, id: (await c.client()).id }),
    token: c.manager,
    body: { name: 'Иван', last_name: c.unique('Сидоров'), amount: 5000 },
  }),
  [keyOf(clientsEndpoints.remove)]: async (c) => ({
    url: urlOf(clientsEndpoints.remove, { projectId: c.projectId, id: (await c.client()).id }),
    token: c.manager,
  }),
  [keyOf(clientsEndpoints.updateCategory)]: async (c) => {
    const next = await c.category();
    return {
      url: urlOf(clientsEndpoints.updateCategory, { projectId: c.projectId, id: (await c.client()).id }),
      token: c.manager,
      body: { category_id: next.id },
    };
  },
  // An admin's: merging a duplicate into the client.
  [keyOf(clientsEndpoints.merge)]: async (c) => {
    const [survivor, other] = [await c.client(), await c.client()];
    return {
      url: urlOf(clientsEndpoints.merge, { projectId: c.projectId, id: survivor.id }),
      token: c.admin,
      body: { other_id: other.id },
    };
  },
  [keyOf(clientCallsEndpoints.create)]: async (c) => ({
    url: urlOf(clientCallsEndpoints.create, { projectId: c.projectId, clientId: (await c.client()).id }),
    token: c.manager,
    body: { outcome: 'reached', duration: 60, comment: 'Договорились о встрече' },
  }),
  [keyOf(clientNotesEndpoints.create)]: async (c) => ({
    url: urlOf(clientNotesEndpoints.create, { projectId: c.projectId, clientId: (await c.client()).id }),
    token: c.manager,
    body: { note: 'Перезвонить после обеда' },
  }),

  // ---- knowledge base -------------------------------------------------------------------------
  [keyOf(knowledgeCategoriesEndpoints.create)]: async (c) => ({
    url: urlOf(knowledgeCategoriesEndpoints.create, { projectId: c.projectId }),
    token: c.admin,
    body: { name: c.unique('Продажи') },
  }),
  [keyOf(knowledgeCategoriesEndpoints.update)]: async (c) => ({
    url: urlOf(knowledgeCategoriesEndpoints.update, {
      projectId: c.projectId,
      id: (await c.knowledgeCategory()).id,
    }),
    token: c.admin,
    body: { name: c.unique('Возражения') },
  }),
  [keyOf(knowledgeCategoriesEndpoints.remove)]: async (c) => ({
    url: urlOf(knowledgeCategoriesEndpoints.remove, {
      projectId: c.projectId,
      id: (await c.knowledgeCategory()).id,
    }),
    token: c.admin,
  }),
  [keyOf(knowledgePostsEndpoints.create)]: async (c) => ({
    url: urlOf(knowledgePostsEndpoints.create, {
      projectId: c.projectId,
      categoryId: (await c.knowledgeCategory()).id,
    }),
    token: c.admin,
    body: { title: c.unique('Как отвечать на «дорого»'), content: hint('Спокойно') },
  }),
  [keyOf(knowledgePostsEndpoints.update)]: async (c) => {
    const post = await c.knowledgePost();
    return {
      url: urlOf(knowledgePostsEndpoints.update, { projectId: c.projectId, id: post.id }),
      token: c.admin,
      body: { title: c.unique('Новое название'), category_id: (await c.knowledgeCategory()).id },
    };
  },
  [keyOf(knowledgePostsEndpoints.remove)]: async (c) => ({
    url: urlOf(knowledgePostsEndpoints.remove, { projectId: c.projectId, id: (await c.knowledgePost()).id }),
    token: c.admin,
  }),

  // ---- reminders (as their manager) and scenarios ---------------------------------------------
  [keyOf(remindersEndpoints.create)]: async (c) => ({
    url: urlOf(remindersEndpoints.create, { projectId: c.projectId, clientId: (await c.client()).id }),
    token: c.manager,
    body: {
      title: 'Позвонить',
      completion_date: new Date(c.t.clock.now().getTime() + 7200_000).toISOString(),
    },
  }),
  [keyOf(remindersEndpoints.reschedule)]: async (c) => ({
    url: urlOf(remindersEndpoints.reschedule, { projectId: c.projectId, id: (await c.reminder()).id }),
    token: c.manager,
    body: { completion_date: new Date(c.t.clock.now().getTime() + 24 * 3600_000).toISOString() },
  }),
  [keyOf(remindersEndpoints.remindBefore)]: async (c) => ({
    url: urlOf(remindersEndpoints.remindBefore, { projectId: c.projectId, id: (await c.reminder()).id }),
    token: c.manager,
    body: { remind_before: 30 },
  }),
  [keyOf(remindersEndpoints.updateTasks)]: async (c) => {
    const reminder = await c.reminder();
    return {
      url: urlOf(remindersEndpoints.updateTasks, { projectId: c.projectId, id: reminder.id }),
      token: c.manager,
      body: { tasks: [reminder.tasks[0]!.id] },
    };
  },
  [keyOf(remindersEndpoints.complete)]: async (c) => ({
    url: urlOf(remindersEndpoints.complete, { projectId: c.projectId, id: (await c.reminder()).id }),
    token: c.manager,
  }),
  [keyOf(remindersEndpoints.cancel)]: async (c) => ({
    url: urlOf(remindersEndpoints.cancel, { projectId: c.projectId, id: (await c.reminder()).id }),
    token: c.manager,
  }),
  [keyOf(scenariosEndpoints.create)]: async (c) => ({
    url: urlOf(scenariosEndpoints.create, { projectId: c.projectId }),
    token: c.admin,
    body: {
      event_type: 'client_category_changed',
      event_id: (await c.category()).id,
      title: 'Первый звонок',
      description: hint('Представиться'),
      schedule_for: 3600,
      remind_before: 600,
      tasks: ['Позвонить'],
    },
  }),
  [keyOf(scenariosEndpoints.changeOrder)]: async (c) => {
    const category = await c.category();
    const first = await c.scenario(category.id);
    const second = await c.scenario(category.id);
    return {
      url: urlOf(scenariosEndpoints.changeOrder, { projectId: c.projectId }),
      token: c.admin,
      body: { ids: [second.id, first.id] },
    };
  },
  [keyOf(scenariosEndpoints.update)]: async (c) => ({
    url: urlOf(scenariosEndpoints.update, {
      projectId: c.projectId,
      id: (await c.scenario((await c.category()).id)).id,
    }),
    token: c.admin,
    body: {
      title: c.unique('Переименован'),
      description: hint('Новая подсказка'),
      schedule_for: 7200,
      remind_before: 0,
    },
  }),

  // ---- AI: what admins set up (the chats themselves are personal) -----------------------------
  [keyOf(aiEndpoints.createGroup)]: async (c) => ({
    url: urlOf(aiEndpoints.createGroup, { projectId: c.projectId }),
    token: c.admin,
    body: { name: c.unique('Продажи') },
  }),
  [keyOf(aiEndpoints.updateGroup)]: async (c) => ({
    url: urlOf(aiEndpoints.updateGroup, { projectId: c.projectId, id: (await c.aiGroup()).id }),
    token: c.admin,
    body: { name: c.unique('Поддержка') },
  }),
  [keyOf(aiEndpoints.deleteGroup)]: async (c) => ({
    url: urlOf(aiEndpoints.deleteGroup, { projectId: c.projectId, id: (await c.aiGroup()).id }),
    token: c.admin,
  }),
  [keyOf(aiEndpoints.createQuestion)]: async (c) => ({
    url: urlOf(aiEndpoints.createQuestion, { projectId: c.projectId }),
    token: c.admin,
    body: {
      question: 'Чем занимается клиент?',
      field_type: 'textarea',
      prompt: 'Сфера клиента:',
      group_id: (await c.aiGroup()).id,
    },
  }),
  [keyOf(aiEndpoints.updateQuestion)]: async (c) => {
    const group = await c.aiGroup();
    const question = await c.aiQuestion(group.id);
    return {
      url: urlOf(aiEndpoints.updateQuestion, { projectId: c.projectId, id: question.id }),
      token: c.admin,
      body: {
        question: c.unique('Сколько сотрудников?'),
        field_type: 'text',
        prompt: 'Сотрудников:',
        group_id: group.id,
      },
    };
  },
  [keyOf(aiEndpoints.deleteQuestion)]: async (c) => ({
    url: urlOf(aiEndpoints.deleteQuestion, {
      projectId: c.projectId,
      id: (await c.aiQuestion((await c.aiGroup()).id)).id,
    }),
    token: c.admin,
  }),
  [keyOf(aiEndpoints.createPrompt)]: async (c) => {
    const group = await c.aiGroup();
    const question = await c.aiQuestion(group.id);
    return {
      url: urlOf(aiEndpoints.createPrompt, { projectId: c.projectId }),
      token: c.admin,
      body: {
        name: c.unique('Холодный звонок'),
        questions: [question.id],
        ai_initial_question_group_id: group.id,
      },
    };
  },
  [keyOf(aiEndpoints.updatePrompt)]: async (c) => {
    const prompt = await c.aiPrompt();
    return {
      url: urlOf(aiEndpoints.updatePrompt, { projectId: c.projectId, id: prompt.id }),
      token: c.admin,
      body: {
        name: c.unique('Повторный звонок'),
        questions: [prompt.questionId],
        ai_initial_question_group_id: prompt.groupId,
      },
    };
  },
  [keyOf(aiEndpoints.deletePrompt)]: async (c) => ({
    url: urlOf(aiEndpoints.deletePrompt, { projectId: c.projectId, id: (await c.aiPrompt()).id }),
    token: c.admin,
  }),

  // ---- conversations with the administrators (as the client's manager) ------------------------
  [keyOf(conversationsEndpoints.create)]: async (c) => ({
    url: urlOf(conversationsEndpoints.create, { projectId: c.projectId }),
    token: c.manager,
    body: { client_id: (await c.client()).id, content: 'Клиент просит скидку, что ответить?' },
  }),
  [keyOf(conversationsEndpoints.send)]: async (c) => {
    const conversation = await c.ok(
      'POST',
      urlOf(conversationsEndpoints.create, { projectId: c.projectId }),
      c.manager,
      {
        client_id: (await c.client()).id,
        content: 'Первый вопрос',
      },
    );
    return {
      url: urlOf(conversationsEndpoints.send, { projectId: c.projectId, id: conversation.id }),
      token: c.manager,
      body: { content: 'И ещё вопрос' },
    };
  },

  // ---- integrations ---------------------------------------------------------------------------
  [keyOf(integrationsEndpoints.createApiKey)]: async (c) => ({
    url: urlOf(integrationsEndpoints.createApiKey, { projectId: c.projectId }),
    token: c.admin,
    body: { name: c.unique('Ключ'), scope: 'read' },
  }),
  [keyOf(integrationsEndpoints.revokeApiKey)]: async (c) => {
    const key = await c.ok('POST', urlOf(integrationsEndpoints.createApiKey, { projectId: c.projectId }), c.admin, {
      name: c.unique('Ключ'),
      scope: 'write',
    });
    return { url: urlOf(integrationsEndpoints.revokeApiKey, { projectId: c.projectId, keyId: key.id }), token: c.admin };
  },
  // The walk's app allows private addresses (a public name would need DNS); switched off, so
  // nothing is sent.
  [keyOf(webhooksEndpoints.create)]: async (c) => ({
    url: urlOf(webhooksEndpoints.create, { projectId: c.projectId }),
    token: c.admin,
    body: { url: 'http://127.0.0.1:9/hook', events: ['client.created'], enabled: false },
  }),
  [keyOf(webhooksEndpoints.update)]: async (c) => {
    const hook = await c.webhook();
    return {
      url: urlOf(webhooksEndpoints.update, { projectId: c.projectId, webhookId: hook.id }),
      token: c.admin,
      body: { url: 'http://127.0.0.1:9/other', events: ['client.deleted'], enabled: false },
    };
  },
  [keyOf(leadFormsEndpoints.create)]: async (c) => ({
    url: urlOf(leadFormsEndpoints.create, { projectId: c.projectId }),
    token: c.admin,
    body: c.leadForm(),
  }),
  [keyOf(leadFormsEndpoints.update)]: async (c) => {
    const form = await c.ok('POST', urlOf(leadFormsEndpoints.create, { projectId: c.projectId }), c.admin, c.leadForm());
    return {
      url: urlOf(leadFormsEndpoints.update, { projectId: c.projectId, formId: form.id }),
      token: c.admin,
      body: { ...c.leadForm(), thank_you: 'Спасибо!' },
    };
  },
  [keyOf(leadFormsEndpoints.remove)]: async (c) => {
    const form = await c.ok('POST', urlOf(leadFormsEndpoints.create, { projectId: c.projectId }), c.admin, c.leadForm());
    return { url: urlOf(leadFormsEndpoints.remove, { projectId: c.projectId, formId: form.id }), token: c.admin };
  },
  [keyOf(telegramEndpoints.connect)]: async (c) => ({
    url: urlOf(telegramEndpoints.connect, { projectId: c.projectId }),
    token: c.admin,
    body: { token: c.botToken() },
  }),
  [keyOf(telegramEndpoints.disconnect)]: async (c) => {
    await c.ok('PUT', urlOf(telegramEndpoints.connect, { projectId: c.projectId }), c.admin, { token: c.botToken() });
    return { url: urlOf(telegramEndpoints.disconnect, { projectId: c.projectId }), token: c.admin };
  },
  [keyOf(telegramEndpoints.rules)]: async (c) => {
    await c.ok('PUT', urlOf(telegramEndpoints.connect, { projectId: c.projectId }), c.admin, { token: c.botToken() });
    return { url: urlOf(telegramEndpoints.rules, { projectId: c.projectId }), token: c.admin, body: { manager_rule: 'rotation' } };
  },
  [keyOf(telegramLinksEndpoints.unlink)]: async (c) => {
    await c.linkManagerTelegram();
    return { url: urlOf(telegramLinksEndpoints.unlink, { projectId: c.projectId }), token: c.manager };
  },
  [keyOf(clientMessagesEndpoints.reply)]: async (c) => ({
    url: urlOf(clientMessagesEndpoints.reply, { projectId: c.projectId, clientId: await c.telegramClient() }),
    token: c.manager,
    body: { text: 'Добрый день!' },
  }),
  [keyOf(clientMessagesEndpoints.sendFile)]: async (c) => {
    const { contentType, payload } = multipart('прайс.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
    return {
      url: urlOf(clientMessagesEndpoints.sendFile, { projectId: c.projectId, clientId: await c.telegramClient() }),
      token: c.manager,
      body: payload,
      headers: { 'content-type': contentType },
    };
  },
  [keyOf(webhooksEndpoints.remove)]: async (c) => ({
    url: urlOf(webhooksEndpoints.remove, { projectId: c.projectId, webhookId: (await c.webhook()).id }),
    token: c.admin,
  }),
};
