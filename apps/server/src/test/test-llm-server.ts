import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type LlmRequest = { model: string; messages: { role: string; content: string }[]; stream?: boolean };

/**
 * A local OpenAI-compatible server for tests: answers chat completions as the real API streams
 * them (server-sent events), with the reply the test chooses, and keeps every request it got.
 */
export async function startTestLlmServer(reply: (request: LlmRequest) => string[]) {
  const requests: LlmRequest[] = [];
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
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'bad key' } }));
      return;
    }
    const body = await readBody(req);
    requests.push(body);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const base = { id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 0, model: body.model };
    for (const piece of reply(body)) {
      res.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] })}\n\n`);
    }
    res.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`);
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
