import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

type Bot = { id: number; username: string; first_name: string; is_bot: true };
export type TelegramCall = { token: string; method: string; body: Record<string, unknown> };
/** An error answer Telegram gives (429 with retry_after, 403 'bot was blocked by the user', …). */
export type TelegramRefusal = { error_code: number; description: string; parameters?: { retry_after?: number } };

/**
 * A Telegram Bot API server for tests: answers `/bot<token>/<method>` as Telegram does ({ok,
 * result} or {ok: false, error_code, description}) for the bots it knows, keeps every call, and
 * hands queued updates to getUpdates from its offset.
 */
export async function startTestTelegram() {
  const bots = new Map<string, Bot>();
  const calls: TelegramCall[] = [];
  const updates = new Map<string, { update_id: number }[]>();
  /** Answers given instead of success to the next sendMessage calls of a bot, in order. */
  const refusals = new Map<string, TelegramRefusal[]>();
  let nextMessageId = 1;
  /** Files the bots received, by file_id: their bytes, and whether getFile tells their size. */
  const files = new Map<string, { bytes: Buffer; tellSize: boolean }>();
  const nextCall: (() => void)[] = [];

  const server = createServer(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    const download = /^\/file\/bot[^/]+\/files\/([\w-]+)$/.exec(req.url ?? '');
    if (download) {
      const file = files.get(download[1]!);
      if (!file) return res.writeHead(404).end();
      return res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(file.bytes);
    }
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
    const answer = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    // The browser tests' hand on it, from another process: queue an update for a bot, read the calls.
    // …and a file a bot received (its bytes as the body), answering its file_id.
    if (req.url === '/test/files' && req.method === 'POST') {
      const id = `file-${files.size + 1}-${Math.random().toString(36).slice(2, 8)}`;
      files.set(id, { bytes: Buffer.from(text, 'base64'), tellSize: true });
      return answer(200, { file_id: id });
    }
    const control = /^\/test\/(updates|calls)\/([^/?]+)/.exec(req.url ?? '');
    if (control) {
      const [, what, token] = control as unknown as [string, string, string];
      if (what === 'updates') {
        updates.set(token, [...(updates.get(token) ?? []), JSON.parse(text) as { update_id: number }]);
        return answer(200, { ok: true });
      }
      return answer(200, calls.filter((c) => c.token === decodeURIComponent(token)));
    }
    if (!match) return answer(404, { ok: false, error_code: 404, description: 'Not Found' });
    const [, token, method] = match as unknown as [string, string, string];
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    calls.push({ token, method, body });
    for (const wake of nextCall.splice(0)) wake();
    const bot = bots.get(token);
    if (!bot) return answer(401, { ok: false, error_code: 401, description: 'Unauthorized' });
    switch (method) {
      case 'getMe':
        return answer(200, { ok: true, result: bot });
      case 'setWebhook':
      case 'deleteWebhook':
        return answer(200, { ok: true, result: true, description: 'Webhook was set' });
      case 'getUpdates': {
        const offset = Number(body.offset ?? 0);
        return answer(200, { ok: true, result: (updates.get(token) ?? []).filter((u) => u.update_id >= offset) });
      }
      case 'getFile': {
        const file = files.get(String(body.file_id));
        if (!file) return answer(400, { ok: false, error_code: 400, description: 'Bad Request: invalid file_id' });
        return answer(200, {
          ok: true,
          result: { file_id: body.file_id, file_unique_id: body.file_id, file_path: `files/${String(body.file_id)}`, ...(file.tellSize ? { file_size: file.bytes.length } : {}) },
        });
      }
      case 'sendMessage': {
        const refusal = refusals.get(token)?.shift();
        if (refusal) return answer(refusal.error_code, { ok: false, ...refusal });
        return answer(200, {
          ok: true,
          result: { message_id: nextMessageId++, date: Math.floor(Date.now() / 1000), chat: { id: Number(body.chat_id), type: 'private' }, text: body.text },
        });
      }
      default:
        return answer(400, { ok: false, error_code: 400, description: `Bad Request: method ${method} is not known here` });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let nextBot = 7_000_000_001;
  return {
    url,
    calls,
    /** A bot Telegram knows, with its token. */
    addBot(username: string) {
      const id = nextBot++;
      const token = `${id}:${'A'.repeat(10)}${Math.random().toString(36).slice(2, 14).padEnd(25, 'x')}`;
      bots.set(token, { id, username, first_name: username.replace(/_bot$/i, ''), is_bot: true });
      return { id, token, username };
    },
    /** Updates waiting for a polling bot. */
    queue(token: string, ...list: { update_id: number }[]) {
      updates.set(token, [...(updates.get(token) ?? []), ...list]);
    },
    callsOf: (method: string) => calls.filter((c) => c.method === method),
    /** A file a bot received: its file_id (getFile tells its size unless `tellSize` is false). */
    addFile(bytes: Buffer, tellSize = true) {
      const id = `file-${files.size + 1}-${Math.random().toString(36).slice(2, 8)}`;
      files.set(id, { bytes, tellSize });
      return id;
    },
    /** The next sendMessage calls of this bot are refused so, one each. */
    refuse(token: string, ...list: TelegramRefusal[]) {
      refusals.set(token, [...(refusals.get(token) ?? []), ...list]);
    },
    /** Resolves once a call of this method (to this bot) matching `test` has arrived. */
    async waitFor(method: string, test: (call: TelegramCall) => boolean = () => true) {
      for (;;) {
        const found = calls.find((c) => c.method === method && test(c));
        if (found) return found;
        await new Promise<void>((resolve) => nextCall.push(resolve));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestTelegram = Awaited<ReturnType<typeof startTestTelegram>>;
