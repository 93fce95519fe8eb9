import { expect } from 'vitest';
import {
  aiEndpoints,
  AI_STREAM_CONTENT_TYPE,
  aiStreamLineSchema,
  type AiChat,
  type AiChatCreateBody,
  type AiGroup,
  type AiPrompt,
  type AiPromptBody,
  type AiQuestion,
  type AiQuestionBody,
  type AiStreamLine,
} from '@crm/contract';
import { pipelineProject } from '../test/pipeline-project.js';
import { call, urlOf } from '../test/api.js';
import type { TestApp } from '../test/test-app.js';

/** URLs of the AI feature in one project. */
export const aiUrls = (projectId: number) => ({
  groups: urlOf(aiEndpoints.groups, { projectId }),
  group: (id: number) => urlOf(aiEndpoints.updateGroup, { projectId, id }),
  questions: urlOf(aiEndpoints.questions, { projectId }),
  question: (id: number) => urlOf(aiEndpoints.question, { projectId, id }),
  chatQuestions: (chatId: number | string) =>
    `${urlOf(aiEndpoints.questions, { projectId })}/ai-chat?ai_chat_id=${chatId}`,
  prompts: urlOf(aiEndpoints.prompts, { projectId }),
  prompt: (id: number) => urlOf(aiEndpoints.updatePrompt, { projectId, id }),
  chats: urlOf(aiEndpoints.chats, { projectId }),
  chat: (id: number) => urlOf(aiEndpoints.chat, { projectId, id }),
  messages: (id: number) => urlOf(aiEndpoints.chatMessages, { projectId, id }),
});

/** Where a message is sent (the reply streams back). */
export const aiStreamUrl = (projectId: number, id: number) =>
  urlOf(aiEndpoints.sendMessage, { projectId, id });

/** The NDJSON lines of a streamed reply, each checked against the contract. */
export const streamLines = (body: string): AiStreamLine[] =>
  body
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => aiStreamLineSchema.parse(JSON.parse(line)));

/**
 * The pipeline project (owner, admin, two managers) with helpers that act as the admin (or a
 * given token) and expect success.
 */
export async function aiProject(t: TestApp) {
  const p = await pipelineProject(t, 'AI');
  const u = aiUrls(p.owner.projectId);
  const ok = async <T>(promise: ReturnType<typeof call>, status = 200) => {
    const res = await promise;
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body.response as T;
  };
  const addGroup = (name: string) =>
    ok<AiGroup>(call(t.app, 'POST', u.groups, { token: p.admin.token, body: { name } }), 201);
  const addQuestion = (group: AiGroup, body: Partial<AiQuestionBody> = {}) =>
    ok<AiQuestion>(
      call(t.app, 'POST', u.questions, {
        token: p.admin.token,
        body: {
          question: 'Вопрос',
          field_type: 'text',
          prompt: 'Текст промпта:',
          group_id: group.id,
          ...body,
        },
      }),
      201,
    );
  const addPrompt = (group: AiGroup, questions: AiQuestion[], body: Partial<AiPromptBody> = {}) =>
    ok<AiPrompt>(
      call(t.app, 'POST', u.prompts, {
        token: p.admin.token,
        body: {
          name: 'Промпт',
          questions: questions.map((q) => q.id),
          ai_initial_question_group_id: group.id,
          ...body,
        },
      }),
      201,
    );
  const startChat = (token: string, body: AiChatCreateBody) =>
    ok<AiChat>(call(t.app, 'POST', u.chats, { token, body }), 201);

  /** A group 'Продажи' with a text, a select and a textarea question, and a prompt of all three. */
  const salesPrompt = async () => {
    const group = await addGroup('Продажи');
    const name = await addQuestion(group, { question: 'Имя клиента', prompt: 'Клиент:', order: 1 });
    const stage = await addQuestion(group, {
      question: 'Этап',
      field_type: 'select',
      options: ['Первый контакт', 'Думает'],
      prompt: 'Этап сделки:',
      order: 2,
    });
    const worries = await addQuestion(group, {
      question: 'Что беспокоит',
      field_type: 'textarea',
      prompt: 'Возражения',
      order: 3,
    });
    const prompt = await addPrompt(group, [name, stage, worries], { name: 'Подготовка к звонку' });
    const answers = [
      { question_id: name.id, answer: 'Анна Петрова' },
      { question_id: stage.id, answer: 'Думает' },
      { question_id: worries.id, answer: 'Дорого.\nНет времени.' },
    ];
    return { group, name, stage, worries, prompt, answers };
  };

  /** Sends a message through inject (the whole stream at once). */
  const send = async (token: string, chatId: number, content: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: aiStreamUrl(p.owner.projectId, chatId),
      headers: { authorization: `Bearer ${token}` },
      payload: { content },
    });
    const type = String(res.headers['content-type'] ?? '');
    return {
      status: res.statusCode,
      headers: res.headers,
      lines: type.startsWith(AI_STREAM_CONTENT_TYPE) ? streamLines(res.body) : [],
      body: type.includes('json') && !type.startsWith(AI_STREAM_CONTENT_TYPE) ? res.json() : res.body,
    };
  };

  return { ...p, ai: u, ok, addGroup, addQuestion, addPrompt, startChat, salesPrompt, send };
}
