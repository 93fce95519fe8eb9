import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export type LlmRequest = { model: string; messages: { role: string; content: string }[]; stream?: boolean };

/** How the server answers one request, beyond a plain list of pieces. */
export type LlmScript = {
  pieces?: string[];
  /** A pause before each piece after the first. */
  delayMs?: number;
  /** Sends the first piece, then waits for this before the rest (a test reads the first meanwhile). */
  holdAfterFirst?: Promise<void>;
  /** After the pieces: end as the API does (default), never end, or drop the connection. */
  end?: 'done' | 'hang' | 'break';
  /** Refuse with this HTTP status and an error body instead of streaming. */
  status?: number;
  /** Never answer at all, not even the headers. */
  hang?: boolean;
};

/**
 * A local OpenAI-compatible server for tests: answers chat completions as the real API streams
 * them (server-sent events), with the reply the test chooses, and keeps every request it got.
 * `cut` counts the requests whose caller went away before the answer ended.
 */
export async function startTestLlmServer(reply: (request: LlmRequest) => string[] | LlmScript) {
  const requests: LlmRequest[] = [];
  const stats = { cut: 0 };
  const readBody = async (req: IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    return JSON.parse(text) as LlmRequest;
  };
  const server = createServer(async (req, res) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    if (req.headers.authorization !== 'Bearer test-key') {
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'bad key' } }));
      return;
    }
    const body = await readBody(req);
    requests.push(body);
    res.on('close', () => {
      if (!res.writableFinished) stats.cut += 1;
    });
    const answer = reply(body);
    const script: LlmScript = Array.isArray(answer) ? { pieces: answer } : answer;
    if (script.hang) return;
    if (script.status) {
      res
        // The SDK retries a 5xx once; this lets it retry at once instead of after its back-off.
        .writeHead(script.status, { 'content-type': 'application/json', 'retry-after-ms': '0' })
        .end(JSON.stringify({ error: { message: `test error ${script.status}` } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const base = { id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 0, model: body.model };
    const pieces = script.pieces ?? [];
    for (const [i, piece] of pieces.entries()) {
      if (i === 1 && script.holdAfterFirst) await script.holdAfterFirst;
      if (i > 0 && script.delayMs) await sleep(script.delayMs);
      if (res.destroyed) return;
      res.write(
        `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] })}\n\n`,
      );
    }
    if (script.end === 'hang') return;
    if (script.end === 'break') {
      // Let the pieces reach the caller first: a destroyed socket drops what it has not sent.
      await sleep(50);
      res.destroy();
      return;
    }
    res.write(
      `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
    );
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging answers would keep the server open.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
