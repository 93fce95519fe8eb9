// One chat message fanned out to many open pages: how long until the last page has it.
import { EventSource } from 'eventsource';
import { clientsEndpoints, conversationsEndpoints, LIVE_EVENTS_PATH, pathOf } from '@crm/contract';

const PAGES = Number(process.env.BENCH_PAGES ?? 1000);
const ROUNDS = 10;

type Tokens = { manager: string; admins: string[] };

const api = async <T>(base: string, method: string, path: string, token: string, body?: unknown) => {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { response: T }).response;
};

/**
 * Opens PAGES live connections (the project's administrators, spread over their tokens), then
 * the manager writes ROUNDS messages one after another; each round waits for every page.
 */
export async function measureFanout(base: string, projectId: number, tokens: Tokens) {
  const clients = await api<{ data: { id: number }[] }>(
    base,
    'GET',
    pathOf(clientsEndpoints.list, { projectId }),
    tokens.manager,
  );
  const conversation = await api<{ id: number }>(base, 'POST', pathOf(conversationsEndpoints.create, { projectId }), tokens.manager, {
    client_id: clients.data[0]!.id,
    content: 'Замер рассылки',
  });

  let waiting: { text: string; left: number; done: () => void } | null = null;
  const sources: EventSource[] = [];
  let ready = 0;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`only ${ready} of ${PAGES} pages connected`)), 60_000);
    for (let i = 0; i < PAGES; i++) {
      const token = tokens.admins[i % tokens.admins.length]!;
      const source = new EventSource(`${base}${LIVE_EVENTS_PATH}`, {
        fetch: (input, init) => fetch(input, { ...init, headers: { ...init?.headers, authorization: `Bearer ${token}` } }),
      });
      source.addEventListener('message', (event) => {
        const data = JSON.parse(event.data) as { type: string; payload: { message?: { content: string } } };
        if (data.type === 'ready' && ++ready === PAGES) {
          clearTimeout(timer);
          resolve();
        }
        if (data.type === 'conversation.message' && waiting && data.payload.message?.content === waiting.text) {
          if (--waiting.left === 0) waiting.done();
        }
      });
      sources.push(source);
    }
  });

  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const text = `Сообщение ${round}`;
    const started = performance.now();
    const all = new Promise<void>((resolve) => {
      waiting = { text, left: PAGES, done: resolve };
    });
    await api(base, 'PUT', pathOf(conversationsEndpoints.send, { projectId, id: conversation.id }), tokens.manager, {
      content: text,
    });
    await all;
    times.push(performance.now() - started);
  }
  for (const source of sources) source.close();
  times.sort((a, b) => a - b);
  return { pages: PAGES, rounds: ROUNDS, p50: times[Math.floor(ROUNDS / 2)]!, max: times[ROUNDS - 1]! };
}
