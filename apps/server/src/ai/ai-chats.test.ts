import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  aiEndpoints,
  AI_ANSWER_NOT_AN_OPTION,
  AI_ANSWER_TWICE,
  AI_CHAT_NOT_FOUND,
  AI_MODEL_FAILED,
  AI_MODEL_TIMEOUT,
  AI_NOT_CONFIGURED,
  AI_PROMPT_NOT_FOUND,
  AI_QUESTION_NOT_FOUND,
  AI_STREAM_CONTENT_TYPE,
  aiAnswerMissing,
  REQUIRED,
  type AiChat,
  type AiMessage,
  type AiQuestion,
  type AiStreamLine,
} from '@crm/contract';
import { call, registerOwner, urlOf } from '../test/api.js';
import { startTestLlmServer, type LlmScript } from '../test/test-llm-server.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { aiProject, aiStreamUrl, aiUrls, streamLines } from './ai.fixtures.js';
import { buildSystemPrompt } from './system-prompt.js';

type Project = Awaited<ReturnType<typeof aiProject>>;

/** The model's replies, chosen by the last message's text; any other text is echoed in three pieces. */
const scripts: Record<string, () => LlmScript> = {
  refuse: () => ({ status: 500 }),
  hang: () => ({ hang: true }),
  break: () => ({ pieces: ['Начало', ' ответа'], end: 'break' }),
  stall: () => ({ pieces: ['Половина'], end: 'hang' }),
  empty: () => ({ pieces: [] }),
};

describe('AI chats (docs/product.md §8.2)', () => {
  let llm: Awaited<ReturnType<typeof startTestLlmServer>>;
  let hold: { promise: Promise<void>; release: () => void } | null = null;
  beforeAll(async () => {
    llm = await startTestLlmServer((request) => {
      const last = request.messages.at(-1)?.content ?? '';
      if (last === 'hold') {
        // Sends the first piece, then waits until the test lets it go on.
        let release = () => {};
        const promise = new Promise<void>((resolve) => (release = resolve));
        hold = { promise, release };
        return { pieces: ['Первая', ' вторая', ' третья'], holdAfterFirst: promise };
      }
      return scripts[last]?.() ?? ['Ответ', ' на: ', last];
    });
  });
  afterAll(() => llm.close());

  let t: TestApp;
  let p: Project;
  // A second, so the timeout tests are quick; the tests over a real connection, which never wait
  // for it, raise it so that a busy machine cannot time a held reply out under them.
  let modelTimeoutMs = 1000;
  beforeEach(async () => {
    t = await buildTestApp({
      openai: { apiKey: 'test-key', baseUrl: llm.url, model: 'test-model', timeoutMs: modelTimeoutMs },
    });
    p = await aiProject(t);
  });
  afterEach(async () => {
    hold?.release();
    hold = null;
    await t.close();
  });

  it('says it is configured when the server has a key', async () => {
    const res = await call(t.app, 'GET', urlOf(aiEndpoints.config, { projectId: p.owner.projectId }), {
      token: p.manager.token,
    });
    expect(res.body.response).toEqual({ configured: true });
    expect(
      (await call(t.app, 'GET', urlOf(aiEndpoints.config, { projectId: p.owner.projectId }))).status,
    ).toBe(401);
    const outsider = await registerOwner(t.app, 'Чужой');
    const foreign = await call(t.app, 'GET', urlOf(aiEndpoints.config, { projectId: p.owner.projectId }), {
      token: outsider.token,
    });
    expect(foreign.status).toBe(404);
  });

  it('starts a chat from a prompt: every question answered, kept with its text, in the prompt’s order', async () => {
    const s = await p.salesPrompt();
    const chat = await p.startChat(p.manager.token, {
      prompt_id: s.prompt.id,
      answers: [...s.answers].reverse(),
    });
    expect(chat).toEqual({
      id: expect.any(Number),
      prompt_id: s.prompt.id,
      title: 'Подготовка к звонку',
      answers: [
        { question_id: s.name.id, question: 'Имя клиента', answer: 'Анна Петрова' },
        { question_id: s.stage.id, question: 'Этап', answer: 'Думает' },
        { question_id: s.worries.id, question: 'Что беспокоит', answer: 'Дорого.\nНет времени.' },
      ],
      created_at: expect.any(String),
      updated_at: chat.created_at,
    });
    const questions = await call(t.app, 'GET', p.ai.chatQuestions(chat.id), { token: p.manager.token });
    expect(questions.status).toBe(200);
    expect((questions.body.response as AiQuestion[]).map((q) => q.id)).toEqual([
      s.name.id,
      s.stage.id,
      s.worries.id,
    ]);
    expect((await call(t.app, 'GET', p.ai.chat(chat.id), { token: p.manager.token })).body.response).toEqual(
      chat,
    );
    // Personal: nothing in the project's history.
    const history = await t.db
      .selectFrom('history_events')
      .select('kind')
      .where('kind', 'like', 'ai_chat%')
      .execute();
    expect(history).toEqual([]);
  });

  it('refuses answers that do not fit the prompt: 422 on the answer or the question', async () => {
    const s = await p.salesPrompt();
    const other = await p.addGroup('Другая');
    const stray = await p.addQuestion(other, { question: 'Не из промпта' });
    const start = (answers: { question_id: number; answer: string }[], prompt_id = s.prompt.id) =>
      call(t.app, 'POST', p.ai.chats, { token: p.manager.token, body: { prompt_id, answers } });
    const [name, stage, worries] = s.answers as [
      (typeof s.answers)[0],
      (typeof s.answers)[0],
      (typeof s.answers)[0],
    ];

    const blank = await start([name, stage, { ...worries, answer: '   ' }]);
    expect(blank.status).toBe(422);
    expect(blank.body).toEqual({
      success: false,
      message: REQUIRED,
      errors: { 'answers.2.answer': [REQUIRED] },
    });
    expect((await start([name, { ...stage, answer: 'Купил' }, worries])).body.errors).toEqual({
      'answers.1.answer': [AI_ANSWER_NOT_AN_OPTION],
    });
    expect((await start([name, stage, worries, { question_id: stray.id, answer: 'x' }])).body.errors).toEqual(
      {
        'answers.3.question_id': [AI_QUESTION_NOT_FOUND],
      },
    );
    expect((await start([name, stage, worries, name])).body.errors).toEqual({
      'answers.3.question_id': [AI_ANSWER_TWICE],
    });
    expect((await start([name, worries])).body.errors).toEqual({ answers: [aiAnswerMissing('Этап')] });
    expect((await start(s.answers, 999999)).body.errors).toEqual({ prompt_id: [AI_PROMPT_NOT_FOUND] });
    const outsider = await registerOwner(t.app, 'Чужой');
    const theirs = aiUrls(outsider.projectId);
    const g = await call(t.app, 'POST', theirs.groups, { token: outsider.token, body: { name: 'Их' } });
    const q = await call(t.app, 'POST', theirs.questions, {
      token: outsider.token,
      body: { question: 'Их', field_type: 'text', prompt: 'П', group_id: g.body.response.id },
    });
    const theirPrompt = await call(t.app, 'POST', theirs.prompts, {
      token: outsider.token,
      body: { name: 'Их', questions: [q.body.response.id], ai_initial_question_group_id: g.body.response.id },
    });
    expect(
      (await start([{ question_id: q.body.response.id, answer: 'x' }], theirPrompt.body.response.id)).body
        .errors,
    ).toEqual({
      prompt_id: [AI_PROMPT_NOT_FOUND],
    });
    expect((await call(t.app, 'GET', p.ai.chats, { token: p.manager.token })).body.response).toEqual([]);
  });

  it('streams the reply in pieces with the system prompt built from the answers; both messages are kept', async () => {
    const s = await p.salesPrompt();
    const chat = await p.startChat(p.manager.token, { prompt_id: s.prompt.id, answers: s.answers });
    t.clock.advance(60_000);
    const first = await p.send(p.manager.token, chat.id, '  Как начать разговор?  ');
    expect(first.status).toBe(200);
    expect(String(first.headers['content-type'])).toContain(AI_STREAM_CONTENT_TYPE);
    expect(first.headers['content-encoding']).toBeUndefined();
    const userMessage: AiMessage = {
      id: expect.any(Number),
      role: 'user',
      content: 'Как начать разговор?',
      status: 'complete',
      created_at: expect.any(String),
    };
    const reply: AiMessage = { ...userMessage, role: 'assistant', content: 'Ответ на: Как начать разговор?' };
    expect(first.lines).toEqual([
      { type: 'user_message', message: userMessage },
      { type: 'delta', content: 'Ответ' },
      { type: 'delta', content: ' на: ' },
      { type: 'delta', content: 'Как начать разговор?' },
      { type: 'done', message: reply },
    ]);
    const system = buildSystemPrompt([
      { prompt: 'Клиент:', answer: 'Анна Петрова' },
      { prompt: 'Этап сделки:', answer: 'Думает' },
      { prompt: 'Возражения', answer: 'Дорого.\nНет времени.' },
    ]);
    expect(system).toBe('Клиент: Анна Петрова\n\nЭтап сделки: Думает\n\nВозражения\nДорого.\nНет времени.');
    expect(llm.requests.at(-1)).toEqual({
      model: 'test-model',
      stream: true,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: 'Как начать разговор?' },
      ],
    });

    // The next message goes with the conversation so far.
    const second = await p.send(p.manager.token, chat.id, 'А дальше?');
    expect(second.lines.at(-1)).toMatchObject({ type: 'done', message: { content: 'Ответ на: А дальше?' } });
    expect(llm.requests.at(-1)!.messages.slice(1)).toEqual([
      { role: 'user', content: 'Как начать разговор?' },
      { role: 'assistant', content: 'Ответ на: Как начать разговор?' },
      { role: 'user', content: 'А дальше?' },
    ]);
    const messages = await call(t.app, 'GET', p.ai.messages(chat.id), { token: p.manager.token });
    expect(messages.status).toBe(200);
    expect((messages.body.response as AiMessage[]).map((m) => [m.role, m.content, m.status])).toEqual([
      ['user', 'Как начать разговор?', 'complete'],
      ['assistant', 'Ответ на: Как начать разговор?', 'complete'],
      ['user', 'А дальше?', 'complete'],
      ['assistant', 'Ответ на: А дальше?', 'complete'],
    ]);
    // The chat's last activity is its last message.
    const list = await call(t.app, 'GET', p.ai.chats, { token: p.manager.token });
    const last = (messages.body.response as AiMessage[]).at(-1)!;
    expect((list.body.response as AiChat[]).map((c) => [c.id, c.updated_at])).toEqual([
      [chat.id, last.created_at],
    ]);
    expect(last.created_at > chat.updated_at).toBe(true);
  });

  it('a chat stays readable and usable after its prompt and questions are deleted', async () => {
    const s = await p.salesPrompt();
    const chat = await p.startChat(p.manager.token, { prompt_id: s.prompt.id, answers: s.answers });
    expect((await call(t.app, 'DELETE', p.ai.question(s.stage.id), { token: p.admin.token })).status).toBe(
      200,
    );
    expect((await call(t.app, 'DELETE', p.ai.group(s.group.id), { token: p.admin.token })).status).toBe(200);
    const after = await call(t.app, 'GET', p.ai.chat(chat.id), { token: p.manager.token });
    expect(after.body.response).toEqual({
      ...chat,
      prompt_id: null,
      answers: chat.answers.map((a) => ({ ...a, question_id: null })),
    });
    expect(
      (await call(t.app, 'GET', p.ai.chatQuestions(chat.id), { token: p.manager.token })).body.response,
    ).toEqual([]);
    const sent = await p.send(p.manager.token, chat.id, 'Привет');
    expect(sent.lines.at(-1)).toMatchObject({ type: 'done' });
    expect(llm.requests.at(-1)!.messages[0]!.content).toContain('Этап сделки: Думает');
  });

  it('each person’s own chats only: another’s (an admin’s too) and another project’s → 404; anonymous 401', async () => {
    const s = await p.salesPrompt();
    const chat = await p.startChat(p.manager.token, { prompt_id: s.prompt.id, answers: s.answers });
    const mine = await p.startChat(p.admin.token, { prompt_id: s.prompt.id, answers: s.answers });
    const outsider = await registerOwner(t.app, 'Чужой');
    const asked = llm.requests.length;
    const urls: [method: 'GET' | 'POST', url: string, body?: object][] = [
      ['GET', p.ai.chat(chat.id)],
      ['GET', p.ai.messages(chat.id)],
      ['GET', p.ai.chatQuestions(chat.id)],
      ['POST', p.ai.messages(chat.id), { content: 'Привет' }],
    ];
    for (const [method, url, body] of urls) {
      expect((await call(t.app, method, url, { body })).status, url).toBe(401);
      for (const token of [p.second.token, p.admin.token, p.owner.token]) {
        const res = await call(t.app, method, url, { token, body });
        expect(res.status, url).toBe(404);
        expect(res.body, url).toEqual({ success: false, message: AI_CHAT_NOT_FOUND });
      }
      expect((await call(t.app, method, url, { token: outsider.token, body })).status, url).toBe(404);
    }
    expect((await call(t.app, 'GET', p.ai.chats)).status).toBe(401);
    expect((await call(t.app, 'POST', p.ai.chats, { body: {} })).status).toBe(401);
    expect((await call(t.app, 'GET', p.ai.chats, { token: outsider.token })).status).toBe(404);
    expect((await call(t.app, 'POST', p.ai.chats, { token: outsider.token, body: {} })).status).toBe(404);
    expect((await call(t.app, 'GET', p.ai.chats, { token: p.second.token })).body.response).toEqual([]);
    expect((await call(t.app, 'GET', p.ai.chats, { token: p.admin.token })).body.response).toEqual([mine]);
    expect(
      (await call(t.app, 'GET', `${p.ai.questions}/ai-chat?ai_chat_id=x`, { token: p.manager.token })).status,
    ).toBe(422);
    expect(llm.requests).toHaveLength(asked);
  });

  it('sending: a blank or too long message → 422; a model hanging → 504 in time; nothing kept', async () => {
    const s = await p.salesPrompt();
    const chat = await p.startChat(p.manager.token, { prompt_id: s.prompt.id, answers: s.answers });
    const blank = await p.send(p.manager.token, chat.id, '   ');
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({ content: [REQUIRED] });
    expect((await p.send(p.manager.token, chat.id, 'я'.repeat(8001))).status).toBe(422);

    const started = Date.now();
    const hung = await p.send(p.manager.token, chat.id, 'hang');
    expect(hung.status).toBe(504);
    expect(hung.body).toEqual({ success: false, message: AI_MODEL_TIMEOUT });
    // The configured second, with room for a slow machine: far below the default minute.
    expect(Date.now() - started).toBeLessThan(4000);
    expect(
      (await call(t.app, 'GET', p.ai.messages(chat.id), { token: p.manager.token })).body.response,
    ).toEqual([]);
  });

  describe('with time to answer', () => {
    // The refusal and the SDK's one retry of it must not race the one-second timeout on a busy
    // machine: that would be a 504, a different answer.
    beforeAll(() => {
      modelTimeoutMs = 60_000;
    });
    afterAll(() => {
      modelTimeoutMs = 1000;
    });

    it('the model refusing (500, twice) → 502; nothing kept', async () => {
      const s = await p.salesPrompt();
      const chat = await p.startChat(p.manager.token, { prompt_id: s.prompt.id, answers: s.answers });
      const refused = await p.send(p.manager.token, chat.id, 'refuse');
      expect(refused.status).toBe(502);
      expect(refused.body).toEqual({ success: false, message: AI_MODEL_FAILED });
      expect(
        (await call(t.app, 'GET', p.ai.messages(chat.id), { token: p.manager.token })).body.response,
      ).toEqual([]);
    });
  });

  it('a model that breaks off or stalls mid-way: an `error` line, the partial reply kept as failed', async () => {
    const s = await p.salesPrompt();
    const chat = await p.startChat(p.manager.token, { prompt_id: s.prompt.id, answers: s.answers });
    const broken = await p.send(p.manager.token, chat.id, 'break');
    expect(broken.status).toBe(200);
    expect(broken.lines.slice(1)).toEqual([
      { type: 'delta', content: 'Начало' },
      { type: 'delta', content: ' ответа' },
      {
        type: 'error',
        message: AI_MODEL_FAILED,
        reply: expect.objectContaining({ role: 'assistant', content: 'Начало ответа', status: 'failed' }),
      },
    ]);
    const stalled = await p.send(p.manager.token, chat.id, 'stall');
    expect(stalled.lines.at(-1)).toEqual({
      type: 'error',
      message: AI_MODEL_TIMEOUT,
      reply: expect.objectContaining({ content: 'Половина', status: 'failed' }),
    });
    const empty = await p.send(p.manager.token, chat.id, 'empty');
    expect(empty.lines.map((l) => l.type)).toEqual(['user_message', 'done']);
    const kept = (await call(t.app, 'GET', p.ai.messages(chat.id), { token: p.manager.token })).body
      .response as AiMessage[];
    expect(kept.map((m) => [m.role, m.content, m.status])).toEqual([
      ['user', 'break', 'complete'],
      ['assistant', 'Начало ответа', 'failed'],
      ['user', 'stall', 'complete'],
      ['assistant', 'Половина', 'failed'],
      ['user', 'empty', 'complete'],
      ['assistant', '', 'complete'],
    ]);
    // What the model said, even cut short, goes with the next message; an empty reply does not.
    await p.send(p.manager.token, chat.id, 'Ещё');
    expect(
      llm.requests
        .at(-1)!
        .messages.slice(1)
        .map((m) => m.content),
    ).toEqual(['break', 'Начало ответа', 'stall', 'Половина', 'empty', 'Ещё']);
  });

  it('without an API key: 503 with a clear message, after the usual 422 and 404', async () => {
    const off = await buildTestApp();
    try {
      const q = await aiProject(off);
      const s = await q.salesPrompt();
      const chat = await q.startChat(q.manager.token, { prompt_id: s.prompt.id, answers: s.answers });
      // The page can tell before anyone types; with a key (the suite's app) it says so too.
      const config = (app: TestApp['app']) =>
        call(app, 'GET', urlOf(aiEndpoints.config, { projectId: q.owner.projectId }), {
          token: q.manager.token,
        });
      expect((await config(off.app)).body.response).toEqual({ configured: false });
      const res = await q.send(q.manager.token, chat.id, 'Привет');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ success: false, message: AI_NOT_CONFIGURED });
      expect((await q.send(q.manager.token, chat.id, '')).status).toBe(422);
      expect((await q.send(q.second.token, chat.id, 'Привет')).status).toBe(404);
      expect(
        (await call(off.app, 'GET', q.ai.messages(chat.id), { token: q.manager.token })).body.response,
      ).toEqual([]);
    } finally {
      await off.close();
    }
  });

  describe('over a real connection', () => {
    let base: string;
    beforeAll(() => {
      modelTimeoutMs = 60_000;
    });
    afterAll(() => {
      modelTimeoutMs = 1000;
    });
    beforeEach(async () => {
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    // On Node 22, fetch leaves a connection open after an aborted stream (the stream's own socket
    // is closed), which would keep the app from closing.
    afterEach(() => t.app.server.closeAllConnections());

    /** Reads NDJSON lines as they come; `stop` closes the connection. */
    const open = async (token: string, chatId: number, content: string) => {
      const stop = new AbortController();
      const res = await fetch(`${base}${aiStreamUrl(p.owner.projectId, chatId)}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'accept-encoding': 'br, gzip',
        },
        body: JSON.stringify({ content }),
        signal: stop.signal,
      });
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      const next = async (): Promise<AiStreamLine | null> => {
        while (!buffer.includes('\n')) {
          const { value, done } = await reader.read();
          if (done) return null;
          buffer += value;
        }
        const at = buffer.indexOf('\n');
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 1);
        return streamLines(line)[0]!;
      };
      return { res, next, stop: () => stop.abort() };
    };

    it('pieces arrive as the model sends them, before the reply ends, uncompressed', async () => {
      const s = await p.salesPrompt();
      const chat = await p.startChat(p.manager.token, { prompt_id: s.prompt.id, answers: s.answers });
      const stream = await open(p.manager.token, chat.id, 'hold');
      expect(stream.res.status).toBe(200);
      expect(stream.res.headers.get('content-encoding')).toBeNull();
      expect(stream.res.headers.get('content-type')).toContain(AI_STREAM_CONTENT_TYPE);
      expect(await stream.next()).toMatchObject({ type: 'user_message' });
      // The model holds the rest back until this piece has been read: a buffered answer would wait forever.
      expect(await stream.next()).toEqual({ type: 'delta', content: 'Первая' });
      hold!.release();
      expect(await stream.next()).toEqual({ type: 'delta', content: ' вторая' });
      expect(await stream.next()).toEqual({ type: 'delta', content: ' третья' });
      expect(await stream.next()).toMatchObject({
        type: 'done',
        message: { content: 'Первая вторая третья' },
      });
      expect(await stream.next()).toBeNull();
    });

    it('closing the request stops the model and keeps what arrived as `stopped`', async () => {
      const s = await p.salesPrompt();
      const chat = await p.startChat(p.manager.token, { prompt_id: s.prompt.id, answers: s.answers });
      const cut = llm.stats.cut;
      const stream = await open(p.manager.token, chat.id, 'hold');
      await stream.next();
      expect(await stream.next()).toEqual({ type: 'delta', content: 'Первая' });
      stream.stop();
      // The request to the model is cut too.
      await expect.poll(() => llm.stats.cut).toBeGreaterThan(cut);
      const kept = async () =>
        (
          (await call(t.app, 'GET', p.ai.messages(chat.id), { token: p.manager.token })).body
            .response as AiMessage[]
        ).map((m) => [m.role, m.content, m.status]);
      await expect.poll(kept).toEqual([
        ['user', 'hold', 'complete'],
        ['assistant', 'Первая', 'stopped'],
      ]);
    });

    it('closed before the model said anything: the message is kept, without a reply', async () => {
      const s = await p.salesPrompt();
      const chat = await p.startChat(p.manager.token, { prompt_id: s.prompt.id, answers: s.answers });
      const cut = llm.stats.cut;
      const stop = new AbortController();
      const request = fetch(`${base}${aiStreamUrl(p.owner.projectId, chat.id)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${p.manager.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'hang' }),
        signal: stop.signal,
      });
      // The model hangs (and the timeout is a minute here): stop once it has the request.
      await expect.poll(() => llm.requests.at(-1)?.messages.at(-1)?.content).toBe('hang');
      stop.abort();
      await expect(request).rejects.toThrow();
      await expect.poll(() => llm.stats.cut).toBeGreaterThan(cut);
      const kept = async () =>
        (
          (await call(t.app, 'GET', p.ai.messages(chat.id), { token: p.manager.token })).body
            .response as AiMessage[]
        ).map((m) => [m.role, m.content, m.status]);
      await expect.poll(kept).toEqual([['user', 'hang', 'complete']]);
    });
  });
});
