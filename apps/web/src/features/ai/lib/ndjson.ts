import { aiStreamLineSchema, type AiStreamLine } from '@crm/contract';

/**
 * The lines of an `application/x-ndjson` body as they arrive: bytes are decoded as UTF-8 across
 * chunk borders (a Cyrillic letter may be cut in two), each complete line is parsed, and a line
 * that is not JSON or not one the contract knows is skipped rather than ending the reply.
 */
export async function* readStreamLines(body: ReadableStream<Uint8Array>): AsyncGenerator<AiStreamLine> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const lines = buffer.split('\n');
      // The last piece is a line still coming, unless the body has ended.
      buffer = done ? '' : (lines.pop() ?? '');
      for (const line of lines) {
        const parsed = parseLine(line);
        if (parsed) yield parsed;
      }
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}

export const parseLine = (line: string): AiStreamLine | null => {
  const text = line.trim();
  if (text === '') return null;
  try {
    const result = aiStreamLineSchema.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
};
