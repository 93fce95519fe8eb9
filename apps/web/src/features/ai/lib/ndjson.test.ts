import { describe, expect, it } from 'vitest';
import type { AiStreamLine } from '@crm/contract';
import { readStreamLines } from './ndjson';

const streamOf = (chunks: Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });

const collect = async (body: ReadableStream<Uint8Array>) => {
  const out: AiStreamLine[] = [];
  for await (const line of readStreamLines(body)) out.push(line);
  return out;
};

const message = {
  id: 1,
  role: 'user',
  content: 'Привет',
  status: 'complete',
  created_at: '2026-11-24T00:00:00Z',
};

describe('readStreamLines', () => {
  it('reads lines cut anywhere, a Cyrillic letter included, and a last line without a newline', async () => {
    const text = [
      JSON.stringify({ type: 'user_message', message }),
      JSON.stringify({ type: 'delta', content: 'Здравствуйте' }),
      JSON.stringify({ type: 'delta', content: ', чем помочь?' }),
    ].join('\n');
    const bytes = new TextEncoder().encode(text);
    // One byte at a time: every border, the middle of each two-byte letter too.
    const chunks = Array.from(bytes, (b) => Uint8Array.of(b));
    const lines = await collect(streamOf(chunks));
    expect(lines.map((l) => l.type)).toEqual(['user_message', 'delta', 'delta']);
    expect(
      lines
        .filter((l) => l.type === 'delta')
        .map((l) => l.content)
        .join(''),
    ).toBe('Здравствуйте, чем помочь?');
  });

  it('skips blank lines, lines that are not JSON and lines the contract does not know', async () => {
    const text = `\n{oops\n${JSON.stringify({ type: 'ping' })}\n${JSON.stringify({ type: 'delta', content: 'a' })}\n\n`;
    const lines = await collect(streamOf([new TextEncoder().encode(text)]));
    expect(lines).toEqual([{ type: 'delta', content: 'a' }]);
  });

  it('reads the error line with the reply kept so far', async () => {
    const reply = { ...message, id: 2, role: 'assistant', content: 'Час', status: 'failed' };
    const text = `${JSON.stringify({ type: 'error', message: 'Модель не ответила', reply })}\n`;
    const [line] = await collect(streamOf([new TextEncoder().encode(text)]));
    expect(line).toEqual({ type: 'error', message: 'Модель не ответила', reply });
  });
});
