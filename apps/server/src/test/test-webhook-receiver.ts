import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** How the receiver answers one delivery. */
export type ReceiverAnswer = 'ok' | 'fail' | 'hang' | { slowMs: number };

export type Received = {
  id: string;
  timestamp: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; timestamp: string; project_id: number; data: Record<string, unknown>; previous?: unknown };
  /** The signature checked by the Standard Webhooks reference library, not the product's code. */
  verified: boolean;
  answered: 'ok' | 'fail' | 'hang' | 'slow';
  /** When its body was read (performance.now(), the receiver's process). */
  at: number;
};

/**
 * A webhook receiver for tests: a real HTTP server that checks each delivery's signature with the
 * `standardwebhooks` library, answers as told (200, 500, slowly, or never), and counts what came.
 */
export async function startWebhookReceiver() {
  const received: Received[] = [];
  const planned: ReceiverAnswer[] = [];
  let fallback: ReceiverAnswer = 'ok';
  let secret: string | null = null;
  const waiters: { count: number; resolve: () => void }[] = [];
  const sockets = new Set<Socket>();
  const hanging = new Set<ServerResponse>();

  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const header = (name: string) => String(req.headers[name] ?? '');
    const id = header('webhook-id');
    const timestamp = header('webhook-timestamp');
    let verified = false;
    if (secret) {
      // The signature of this exact id, time and body, made by the reference library; the time
      // itself is the test clock's, so the library's own five-minute window is not asked.
      const expected = new Webhook(secret).sign(id, new Date(Number(timestamp) * 1000), body);
      verified = header('webhook-signature').split(' ').includes(expected);
    }
    const answer = planned.shift() ?? fallback;
    const answered = typeof answer === 'object' ? 'slow' : answer;
    received.push({ id, timestamp, headers: req.headers, body, json: JSON.parse(body), verified, answered, at: performance.now() });
    for (const waiter of [...waiters]) {
      if (received.length >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
    if (answer === 'ok') res.writeHead(200, { 'content-type': 'text/plain' }).end('принято');
    else if (answer === 'fail') res.writeHead(500, { 'content-type': 'text/plain' }).end('сломалось');
    else if (answer === 'hang') hanging.add(res);
    else setTimeout(() => res.writeHead(200).end('поздно'), answer.slowMs).unref();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    /** The endpoint's secret, as the CRM showed it once. */
    useSecret(value: string) {
      secret = value;
    },
    /** The next deliveries' answers, in order; after them, `otherwise`. */
    answer(...answers: ReceiverAnswer[]) {
      planned.push(...answers);
    },
    otherwise(answer: ReceiverAnswer) {
      fallback = answer;
    },
    /** Resolves once `count` deliveries in all have arrived. */
    waitFor(count: number) {
      if (received.length >= count) return Promise.resolve();
      return new Promise<void>((resolve) => waiters.push({ count, resolve }));
    },
    async close() {
      for (const res of hanging) res.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
