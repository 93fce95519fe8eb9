import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiEndpoints, type AiChat, type AiPrompt, type AiQuestionsByGroup } from '@crm/contract';
import { call, callEndpoint } from '../test/api.js';
import { startTestLlmServer } from '../test/test-llm-server.js';
import { seedDemoProject } from '../test/demo-project.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { streamLines } from './ai.fixtures.js';

describe('the demo AI questions', () => {
  let llm: Awaited<ReturnType<typeof startTestLlmServer>>;
  let t: TestApp;
  beforeAll(async () => {
    llm = await startTestLlmServer(() => ['Начните с вопроса о её кофейнях.']);
    t = await buildTestApp({
      openai: { apiKey: 'test-key', baseUrl: llm.url, model: 'demo', timeoutMs: 5000 },
    });
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  it('a group “Продажи” with a line, a choice and a text, and a prompt the manager starts a chat from', async () => {
    const demo = await seedDemoProject(t);
    const token = await demo.signIn('manager@example.com');
    const params = { projectId: demo.projectId };
    const groups = (await callEndpoint(t.app, aiEndpoints.questions, { params, token })).body
      .response as AiQuestionsByGroup;
    expect(groups.map((g) => g.name)).toEqual(['Продажи']);
    const questions = groups[0]!.questions;
    expect(questions.map((q) => q.field_type)).toEqual(['text', 'select', 'textarea']);
    expect(questions[1]!.options.length).toBeGreaterThan(1);
    const [prompt] = (await callEndpoint(t.app, aiEndpoints.prompts, { params, token })).body
      .response as AiPrompt[];
    expect(prompt!.questions).toEqual(questions.map((q) => q.id));

    const chat = await callEndpoint(t.app, aiEndpoints.createChat, {
      params,
      token,
      body: {
        prompt_id: prompt!.id,
        answers: [
          { question_id: questions[0]!.id, answer: 'Анна Петрова, сеть кофеен «Зерно»' },
          { question_id: questions[1]!.id, answer: questions[1]!.options[2]!.value },
          { question_id: questions[2]!.id, answer: 'Говорит, что дорого' },
        ],
      },
    });
    expect(chat.status, JSON.stringify(chat.body)).toBe(201);
    const id = (chat.body.response as AiChat).id;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${demo.projectId}/ai-chats/${id}/messages`,
      headers: { authorization: `Bearer ${token}` },
      payload: { content: 'С чего начать звонок?' },
    });
    expect(streamLines(res.body).at(-1)).toMatchObject({
      type: 'done',
      message: { content: 'Начните с вопроса о её кофейнях.' },
    });
    expect(llm.requests[0]!.messages[0]!.content).toContain('Клиент и его компания: Анна Петрова');
    const list = await call(t.app, 'GET', `/api/v1/projects/${demo.projectId}/ai-chats`, { token });
    expect(list.body.response).toHaveLength(1);
  });
});
