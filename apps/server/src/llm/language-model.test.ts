import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLlmServer } from '../test/test-llm-server.js';
import { createLanguageModel } from './language-model.js';

describe('the language model adapter', () => {
  let server: Awaited<ReturnType<typeof startTestLlmServer>>;
  beforeAll(async () => {
    server = await startTestLlmServer((request) => ['Здравствуйте', ', ', request.messages.at(-1)?.content ?? '']);
  });
  afterAll(() => server.close());

  it('is off without an API key', () => {
    expect(createLanguageModel({ openai: { apiKey: undefined, baseUrl: server.url, model: 'm' } })).toBeNull();
  });

  it('streams the reply of an OpenAI-compatible API, piece by piece, with the configured model', async () => {
    const model = createLanguageModel({ openai: { apiKey: 'test-key', baseUrl: server.url, model: 'test-model' } })!;
    const pieces: string[] = [];
    for await (const piece of model.stream([
      { role: 'system', content: 'Вы помощник менеджера по продажам' },
      { role: 'user', content: 'Анна' },
    ])) {
      pieces.push(piece);
    }
    expect(pieces).toEqual(['Здравствуйте', ', ', 'Анна']);
    expect(server.requests.at(-1)).toMatchObject({ model: 'test-model', stream: true });
    expect(server.requests.at(-1)?.messages[0]).toEqual({ role: 'system', content: 'Вы помощник менеджера по продажам' });
  });

  it('fails clearly when the API refuses the key', async () => {
    const model = createLanguageModel({ openai: { apiKey: 'wrong', baseUrl: server.url, model: 'm' } })!;
    const read = async () => {
      for await (const piece of model.stream([{ role: 'user', content: 'x' }])) void piece;
    };
    await expect(read()).rejects.toThrow(/401/);
  });
});
