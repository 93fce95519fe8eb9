import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AI_GROUP_NOT_FOUND,
  AI_OPTION_NOT_FOUND,
  AI_PROMPT_NOT_FOUND,
  AI_QUESTION_NOT_FOUND,
  AI_QUESTION_OTHER_GROUP,
  REQUIRED,
  SELECT_NEEDS_OPTIONS,
  type AiPrompt,
  type AiQuestion,
  type AiQuestionsByGroup,
} from '@crm/contract';
import { call, registerOwner } from '../test/api.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { aiProject, aiUrls } from './ai.fixtures.js';

describe('AI question groups, questions and prompts (docs/product.md §4.14)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(() => t.close());

  it('groups: created, renamed, listed by name for every member; each change in the history', async () => {
    const p = await aiProject(t);
    const b = await p.addGroup('Поддержка');
    const a = await p.addGroup('  Продажи ');
    expect(a).toEqual({ id: expect.any(Number), name: 'Продажи' });
    const renamed = await call(t.app, 'PUT', p.ai.group(b.id), {
      token: p.owner.token,
      body: { name: 'Возражения' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.response).toEqual({ id: b.id, name: 'Возражения' });
    const list = await call(t.app, 'GET', p.ai.groups, { token: p.manager.token });
    expect(list.status).toBe(200);
    expect(list.body.response).toEqual([
      { id: b.id, name: 'Возражения' },
      { id: a.id, name: 'Продажи' },
    ]);
    expect((await p.history('ai_question_group.created')).map((h) => h.message)).toEqual([
      'Создана группа AI-вопросов «Поддержка»',
      'Создана группа AI-вопросов «Продажи»',
    ]);
    const [update] = await p.history('ai_question_group.updated');
    expect(update).toMatchObject({
      message: 'Группа AI-вопросов «Поддержка» переименована в «Возражения»',
      subject_id: b.id,
    });
    const blank = await call(t.app, 'POST', p.ai.groups, { token: p.admin.token, body: { name: '  ' } });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({ name: [REQUIRED] });
  });

  it('questions: a select keeps its options (each once), other types none; listed by group name, then order', async () => {
    const p = await aiProject(t);
    const sales = await p.addGroup('Продажи');
    const after = await p.addGroup('Анкета');
    const late = await p.addQuestion(sales, { question: 'Бюджет', order: 5, options: ['лишний'] });
    expect(late).toEqual({
      id: expect.any(Number),
      question: 'Бюджет',
      field_type: 'text',
      order: 5,
      options: [],
      prompt: 'Текст промпта:',
      group_id: sales.id,
      description: null,
      group: { name: 'Продажи' },
    });
    const stage = await p.addQuestion(sales, {
      question: 'Этап',
      field_type: 'select',
      options: ['Первый контакт', ' Думает ', 'Первый контакт'],
      description: 'Где сейчас сделка',
    });
    expect(stage.order).toBe(1);
    expect(stage.options.map((o) => o.value)).toEqual(['Первый контакт', 'Думает']);
    expect(stage.description).toBe('Где сейчас сделка');
    const same = await p.addQuestion(sales, { question: 'Имя', order: 1 });

    const list = await call(t.app, 'GET', p.ai.questions, { token: p.manager.token });
    expect(list.status).toBe(200);
    const groups = list.body.response as AiQuestionsByGroup;
    expect(groups.map((g) => [g.name, g.questions.map((q) => q.question)])).toEqual([
      ['Анкета', []],
      ['Продажи', ['Этап', 'Имя', 'Бюджет']],
    ]);
    expect(groups[0]!.id).toBe(after.id);
    const one = await call(t.app, 'GET', p.ai.question(stage.id), { token: p.second.token });
    expect(one.body.response).toEqual(stage);

    const edit = await call(t.app, 'PUT', p.ai.question(stage.id), {
      token: p.admin.token,
      body: {
        question: 'Этап сделки',
        field_type: 'textarea',
        options: ['x'],
        prompt: 'Этап:',
        group_id: sales.id,
        order: 9,
      },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.response).toMatchObject({
      question: 'Этап сделки',
      field_type: 'textarea',
      options: [],
      order: 9,
      description: null,
    });
    expect((await p.history('ai_question.created')).map((h) => h.message)).toEqual([
      'Создан AI-вопрос «Бюджет» (строка) в группе «Продажи»',
      'Создан AI-вопрос «Этап» (выбор из списка) в группе «Продажи»',
      'Создан AI-вопрос «Имя» (строка) в группе «Продажи»',
    ]);
    expect((await p.history('ai_question.updated'))[0]!.message).toBe('Изменён AI-вопрос «Этап сделки»');
    void same;
  });

  it('questions: options round-trip as read ({id, value}); an edit keeps their ids, adds, reorders and drops', async () => {
    const p = await aiProject(t);
    const sales = await p.addGroup('Продажи');
    const stage = await p.addQuestion(sales, {
      question: 'Этап',
      field_type: 'select',
      options: ['Первый', 'Второй', 'Третий'],
    });
    const [first, second, third] = stage.options;
    const read = (await call(t.app, 'GET', p.ai.question(stage.id), { token: p.admin.token })).body.response;
    const body = {
      ...read,
      options: [third, { value: 'Новый' }, 'Ещё один', { ...first, value: 'Первый (переименован)' }],
    };
    const edit = await call(t.app, 'PUT', p.ai.question(stage.id), { token: p.admin.token, body });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const options = edit.body.response.options as { id: number; value: string }[];
    expect(options.map((o) => o.value)).toEqual(['Третий', 'Новый', 'Ещё один', 'Первый (переименован)']);
    expect(options[0]!.id).toBe(third!.id);
    expect(options[3]!.id).toBe(first!.id);
    expect(options.map((o) => o.id)).not.toContain(second!.id);

    // An id that is not this question's option: 422 on it, nothing changed.
    const other = await p.addQuestion(sales, {
      question: 'Другой',
      field_type: 'select',
      options: ['Чужой'],
    });
    const foreign = await call(t.app, 'PUT', p.ai.question(stage.id), {
      token: p.admin.token,
      body: { ...read, options: [{ id: other.options[0]!.id, value: 'Чужой' }] },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ 'options.0.id': [AI_OPTION_NOT_FOUND] });
    const after = (await call(t.app, 'GET', p.ai.question(stage.id), { token: p.admin.token })).body.response;
    expect(after.options).toEqual(options);
  });

  it('questions: required fields, a select without options, a group of another project → 422 on the field', async () => {
    const p = await aiProject(t);
    const group = await p.addGroup('Продажи');
    const other = await registerOwner(t.app, 'Чужой');
    const foreign = await call(t.app, 'POST', aiUrls(other.projectId).groups, {
      token: other.token,
      body: { name: 'Чужая' },
    });
    const post = (body: object) =>
      call(t.app, 'POST', p.ai.questions, {
        token: p.admin.token,
        body: { question: 'Вопрос', field_type: 'text', prompt: 'Промпт', group_id: group.id, ...body },
      });
    expect((await post({ question: ' ' })).body.errors).toEqual({ question: [REQUIRED] });
    expect((await post({ prompt: '' })).body.errors).toEqual({ prompt: [REQUIRED] });
    expect((await post({ field_type: 'select', options: [] })).body.errors).toEqual({
      options: [SELECT_NEEDS_OPTIONS],
    });
    expect((await post({ field_type: 'number' })).body.errors).toEqual({
      field_type: ['Выберите тип вопроса'],
    });
    expect((await post({ options: ['  '], field_type: 'select' })).body.errors).toEqual({
      'options.0': [REQUIRED],
    });
    const wrongGroup = await post({ group_id: foreign.body.response.id });
    expect(wrongGroup.status).toBe(422);
    expect(wrongGroup.body).toEqual({
      success: false,
      message: AI_GROUP_NOT_FOUND,
      errors: { group_id: [AI_GROUP_NOT_FOUND] },
    });
    expect((await post({ group_id: 999999 })).body.errors).toEqual({ group_id: [AI_GROUP_NOT_FOUND] });
  });

  it('prompts: questions of the group in the order added (repeats once), listed by name, filtered by group', async () => {
    const p = await aiProject(t);
    const sales = await p.addGroup('Продажи');
    const support = await p.addGroup('Поддержка');
    const q1 = await p.addQuestion(sales, { question: 'Первый' });
    const q2 = await p.addQuestion(sales, { question: 'Второй' });
    const q3 = await p.addQuestion(support, { question: 'Чужой группы' });
    const prompt = await p.addPrompt(sales, [q2, q1, q2], { name: 'Звонок' });
    expect(prompt).toEqual({
      id: expect.any(Number),
      name: 'Звонок',
      questions: [q2.id, q1.id],
      ai_initial_question_group_id: sales.id,
    });
    const help = await p.addPrompt(support, [q3], { name: 'Ассистент' });
    const all = await call(t.app, 'GET', p.ai.prompts, { token: p.manager.token });
    expect((all.body.response as AiPrompt[]).map((x) => x.name)).toEqual(['Ассистент', 'Звонок']);
    const bySales = await call(t.app, 'GET', `${p.ai.prompts}?group_id=${sales.id}`, {
      token: p.manager.token,
    });
    expect(bySales.body.response).toEqual([prompt]);

    const post = (body: object) =>
      call(t.app, 'POST', p.ai.prompts, {
        token: p.admin.token,
        body: { name: 'Новый', questions: [q1.id], ai_initial_question_group_id: sales.id, ...body },
      });
    const otherGroup = await post({ questions: [q1.id, q3.id] });
    expect(otherGroup.status).toBe(422);
    expect(otherGroup.body.errors).toEqual({ 'questions.1': [AI_QUESTION_OTHER_GROUP] });
    expect((await post({ questions: [999999] })).body.errors).toEqual({
      'questions.0': [AI_QUESTION_NOT_FOUND],
    });
    expect((await post({ questions: [] })).body.errors).toEqual({
      questions: ['Добавьте хотя бы один вопрос'],
    });
    expect((await post({ name: '' })).body.errors).toEqual({ name: [REQUIRED] });
    expect((await post({ ai_initial_question_group_id: 999999 })).body.errors).toEqual({
      ai_initial_question_group_id: [AI_GROUP_NOT_FOUND],
    });

    const edit = await call(t.app, 'PUT', p.ai.prompt(prompt.id), {
      token: p.admin.token,
      body: { name: 'Звонок клиенту', questions: [q1.id], ai_initial_question_group_id: sales.id },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.response).toEqual({ ...prompt, name: 'Звонок клиенту', questions: [q1.id] });
    const moved = await call(t.app, 'PUT', p.ai.prompt(prompt.id), {
      token: p.admin.token,
      body: { name: 'Звонок клиенту', questions: [q1.id], ai_initial_question_group_id: support.id },
    });
    expect(moved.body.errors).toEqual({ 'questions.0': [AI_QUESTION_OTHER_GROUP] });
    expect((await p.history('ai_prompt.created')).map((h) => h.message)).toEqual([
      'Создан промпт «Звонок» (группа «Продажи», вопросов: 2)',
      'Создан промпт «Ассистент» (группа «Поддержка», вопросов: 1)',
    ]);
    expect((await p.history('ai_prompt.updated'))[0]!.message).toBe(
      'Изменён промпт «Звонок клиенту» (группа «Продажи», вопросов: 1)',
    );

    const del = await call(t.app, 'DELETE', p.ai.prompt(help.id), { token: p.admin.token });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ success: true, response: { ok: true } });
    expect((await p.history('ai_prompt.deleted'))[0]!.message).toBe(
      'Удалён промпт «Ассистент» (группа «Поддержка», вопросов: 1)',
    );
    expect((await call(t.app, 'DELETE', p.ai.prompt(help.id), { token: p.admin.token })).body.message).toBe(
      AI_PROMPT_NOT_FOUND,
    );
  });

  it('deleting a question takes it out of prompts; moving it to another group too; deleting a group takes its questions and prompts', async () => {
    const p = await aiProject(t);
    const sales = await p.addGroup('Продажи');
    const support = await p.addGroup('Поддержка');
    const q1 = await p.addQuestion(sales, { question: 'Первый' });
    const q2 = await p.addQuestion(sales, { question: 'Второй' });
    const q3 = await p.addQuestion(sales, { question: 'Третий' });
    const prompt = await p.addPrompt(sales, [q1, q2, q3], { name: 'Звонок' });

    expect((await call(t.app, 'DELETE', p.ai.question(q2.id), { token: p.admin.token })).status).toBe(200);
    expect((await p.history('ai_question.deleted'))[0]!.message).toBe(
      'Удалён AI-вопрос «Второй» из группы «Продажи»; убран из промптов «Звонок»',
    );
    const moved = await call(t.app, 'PUT', p.ai.question(q3.id), {
      token: p.admin.token,
      body: { question: 'Третий', field_type: 'text', prompt: 'П', group_id: support.id },
    });
    expect(moved.body.response).toMatchObject({ group_id: support.id, group: { name: 'Поддержка' } });
    expect((await p.history('ai_question.updated'))[0]!.message).toBe(
      'Изменён AI-вопрос «Третий»; перенесён из группы «Продажи» в «Поддержка»; убран из промптов «Звонок»',
    );
    const prompts = await call(t.app, 'GET', p.ai.prompts, { token: p.admin.token });
    expect(prompts.body.response).toEqual([{ ...prompt, questions: [q1.id] }]);
    expect((await call(t.app, 'GET', p.ai.question(q2.id), { token: p.admin.token })).status).toBe(404);

    const del = await call(t.app, 'DELETE', p.ai.group(sales.id), { token: p.admin.token });
    expect(del.status).toBe(200);
    expect((await p.history('ai_question_group.deleted'))[0]!.message).toBe(
      'Удалена группа AI-вопросов «Продажи» вместе с её вопросами (1) и промптами (1)',
    );
    expect((await call(t.app, 'GET', p.ai.question(q1.id), { token: p.admin.token })).status).toBe(404);
    expect((await call(t.app, 'GET', p.ai.prompts, { token: p.admin.token })).body.response).toEqual([]);
    const left = await call(t.app, 'GET', p.ai.questions, { token: p.admin.token });
    expect(
      (left.body.response as AiQuestionsByGroup).map((g) => [
        g.name,
        g.questions.map((q: AiQuestion) => q.id),
      ]),
    ).toEqual([['Поддержка', [q3.id]]]);
  });

  it('refusals: anonymous 401, another project 404, a manager writing 403, unknown or foreign ids in the path 404', async () => {
    const p = await aiProject(t);
    const group = await p.addGroup('Продажи');
    const question = await p.addQuestion(group);
    const prompt = await p.addPrompt(group, [question]);
    const outsider = await registerOwner(t.app, 'Чужой');
    const theirs = aiUrls(outsider.projectId);
    const theirGroup = await call(t.app, 'POST', theirs.groups, {
      token: outsider.token,
      body: { name: 'Их' },
    });
    const theirQuestion = await call(t.app, 'POST', theirs.questions, {
      token: outsider.token,
      body: { question: 'Их', field_type: 'text', prompt: 'П', group_id: theirGroup.body.response.id },
    });
    const theirPrompt = await call(t.app, 'POST', theirs.prompts, {
      token: outsider.token,
      body: {
        name: 'Их',
        questions: [theirQuestion.body.response.id],
        ai_initial_question_group_id: theirGroup.body.response.id,
      },
    });
    expect(theirPrompt.status).toBe(201);

    const groupBody = { name: 'Г' };
    const questionBody = { question: 'В', field_type: 'text', prompt: 'П', group_id: group.id };
    const promptBody = { name: 'П', questions: [question.id], ai_initial_question_group_id: group.id };
    const reads: string[] = [p.ai.groups, p.ai.questions, p.ai.question(question.id), p.ai.prompts];
    const writes: [method: 'POST' | 'PUT' | 'DELETE', url: string, body?: object][] = [
      ['POST', p.ai.groups, groupBody],
      ['PUT', p.ai.group(group.id), groupBody],
      ['DELETE', p.ai.group(group.id)],
      ['POST', p.ai.questions, questionBody],
      ['PUT', p.ai.question(question.id), questionBody],
      ['DELETE', p.ai.question(question.id)],
      ['POST', p.ai.prompts, promptBody],
      ['PUT', p.ai.prompt(prompt.id), promptBody],
      ['DELETE', p.ai.prompt(prompt.id)],
    ];
    for (const url of reads) {
      expect((await call(t.app, 'GET', url)).status, url).toBe(401);
      expect((await call(t.app, 'GET', url, { token: outsider.token })).status, url).toBe(404);
      expect((await call(t.app, 'GET', url, { token: p.manager.token })).status, url).toBe(200);
    }
    for (const [method, url, body] of writes) {
      expect((await call(t.app, method, url, { body })).status, url).toBe(401);
      expect((await call(t.app, method, url, { token: outsider.token, body })).status, url).toBe(404);
      const asManager = await call(t.app, method, url, { token: p.manager.token, body });
      expect(asManager.status, url).toBe(403);
    }
    // Another project's ids in this project's path: not found, with the contract's message.
    const foreign: [method: 'GET' | 'PUT' | 'DELETE', url: string, message: string, body?: object][] = [
      ['PUT', p.ai.group(theirGroup.body.response.id), AI_GROUP_NOT_FOUND, groupBody],
      ['DELETE', p.ai.group(theirGroup.body.response.id), AI_GROUP_NOT_FOUND],
      ['GET', p.ai.question(theirQuestion.body.response.id), AI_QUESTION_NOT_FOUND],
      ['PUT', p.ai.question(theirQuestion.body.response.id), AI_QUESTION_NOT_FOUND, questionBody],
      ['DELETE', p.ai.question(theirQuestion.body.response.id), AI_QUESTION_NOT_FOUND],
      ['PUT', p.ai.prompt(theirPrompt.body.response.id), AI_PROMPT_NOT_FOUND, promptBody],
      ['DELETE', p.ai.prompt(theirPrompt.body.response.id), AI_PROMPT_NOT_FOUND],
    ];
    for (const [method, url, message, body] of foreign) {
      const res = await call(t.app, method, url, { token: p.admin.token, body });
      expect(res.status, url).toBe(404);
      expect(res.body, url).toEqual({ success: false, message });
    }
    // Nothing of theirs changed; their reads show their own only.
    const mine = await call(t.app, 'GET', p.ai.questions, { token: p.admin.token });
    expect((mine.body.response as AiQuestionsByGroup).map((g) => g.name)).toEqual(['Продажи']);
    const still = await call(t.app, 'GET', theirs.questions, { token: outsider.token });
    expect((still.body.response as AiQuestionsByGroup)[0]!.questions).toHaveLength(1);
    // A body naming their group or question: 422 on that field.
    const intoTheirs = await call(t.app, 'POST', p.ai.prompts, {
      token: p.admin.token,
      body: { ...promptBody, questions: [theirQuestion.body.response.id] },
    });
    expect(intoTheirs.body.errors).toEqual({ 'questions.0': [AI_QUESTION_NOT_FOUND] });
  });
});
