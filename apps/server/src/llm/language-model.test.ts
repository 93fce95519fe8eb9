import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLlmServer, type LlmScript } from '../test/test-llm-server.js';
import { createLanguageModel, LanguageModelError, type LanguageModel } from './language-model.js';

describe('the language model adapter', () => {
  let server: Awaited<ReturnType<typeof startTestLlmServer>>;
  // What the next request gets, by the last message's text.
  const scripts: Record<string, LlmScript> = {
    hang: { hang: true },
    stall: { pieces: ['Первая часть'], end: 'hang' },
    break: { pieces: ['Начало', ' ответа'], end: 'break' },
    refuse: { status: 400 },
    // Three gaps of 600 ms: 1.8 s in all, over the 1.5 s limit, each gap well under it.
    slow: { pieces: ['раз', 'два', 'три', 'четыре'], delayMs: 600 },
  };
  beforeAll(async () => {
    server = await startTestLlmServer((request) => {
      const last = request.messages.at(-1)?.content ?? '';
      return scripts[last] ?? ['Здравствуйте', ', ', last];
    });
  });
  afterAll(() => server.close());

  const config = (apiKey: string | undefined, timeoutMs = 60_000) => ({
    openai: { apiKey, baseUrl: server.url, model: 'test-model', timeoutMs },
  });
  const read = async (model: LanguageModel, text: string, signal?: AbortSignal) => {
    const pieces: string[] = [];
    try {
      for await (const piece of model.stream([{ role: 'user', content: text }], signal)) pieces.push(piece);
      return { pieces, error: null };
    } catch (error) {
      return { pieces, error: error as LanguageModelError };
    }
  };

  it('is off without an API key', () => {
    expect(createLanguageModel(config(undefined))).toBeNull();
  });

  it('streams the reply of an OpenAI-compatible API, piece by piece, with the configured model', async () => {
    const model = createLanguageModel(config('test-key'))!;
    const pieces: string[] = [];
    for await (const piece of model.stream([
      { role: 'system', content: 'Вы помощник менеджера по продажам' },
      { role: 'user', content: 'Анна' },
    ])) {
      pieces.push(piece);
    }
    expect(pieces).toEqual(['Здравствуйте', ', ', 'Анна']);
    expect(server.requests.at(-1)).toMatchObject({ model: 'test-model', stream: true });
    expect(server.requests.at(-1)?.messages[0]).toEqual({
      role: 'system',
      content: 'Вы помощник менеджера по продажам',
    });
  });

  it('fails clearly when the API refuses the key or the request', async () => {
    const wrongKey = await read(createLanguageModel(config('wrong'))!, 'x');
    expect(wrongKey.error).toBeInstanceOf(LanguageModelError);
    expect(wrongKey.error).toMatchObject({ kind: 'failed', message: expect.stringMatching(/401/) });
    const refused = await read(createLanguageModel(config('test-key'))!, 'refuse');
    expect(refused.error).toMatchObject({ kind: 'failed', message: expect.stringMatching(/400/) });
  });

  it('gives up with `timeout` when no piece comes in time: before the first, or after some', async () => {
    const model = createLanguageModel(config('test-key', 300))!;
    const started = Date.now();
    const hang = await read(model, 'hang');
    expect(hang.error).toMatchObject({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(3000);
    const stall = await read(model, 'stall');
    expect(stall).toMatchObject({ pieces: ['Первая часть'], error: { kind: 'timeout' } });
  });

  it('a slow reply that keeps coming is not cut: the time limit is per piece', async () => {
    const model = createLanguageModel(config('test-key', 1500))!;
    expect(await read(model, 'slow')).toEqual({ pieces: ['раз', 'два', 'три', 'четыре'], error: null });
  });

  it('a stream that breaks off keeps what came and fails; the caller’s signal aborts as `aborted`', async () => {
    const model = createLanguageModel(config('test-key'))!;
    const broken = await read(model, 'break');
    expect(broken).toMatchObject({ pieces: ['Начало', ' ответа'], error: { kind: 'failed' } });

    const stop = new AbortController();
    const cutBefore = server.stats.cut;
    const pieces: string[] = [];
    let error: unknown = null;
    try {
      for await (const piece of model.stream([{ role: 'user', content: 'stall' }], stop.signal)) {
        pieces.push(piece);
        stop.abort();
      }
    } catch (e) {
      error = e;
    }
    expect(pieces).toEqual(['Первая часть']);
    expect(error).toMatchObject({ kind: 'aborted' });
    // The request to the API ends too.
    await expect.poll(() => server.stats.cut).toBeGreaterThan(cutBefore);
  });
});
