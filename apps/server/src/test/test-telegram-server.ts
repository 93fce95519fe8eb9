import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import Busboy from '@fastify/busboy';
import type { AddressInfo } from 'node:net';

type Bot = { id: number; username: string; first_name: string; is_bot: true };
/** A call as it came; a file uploaded with it (sendPhoto, sendDocument) is told by its name, type, size and sha256. */
export type TelegramCall = { token: string; method: string; body: Record<string, unknown> };
export type UploadedFile = { file_name: string; type: string; size: number; sha256: string };

/** The fields of a multipart call (grammY uploads files so), its files described, as Telegram reads them. */
function formFields(raw: Buffer, contentType: string): Promise<{ body: Record<string, unknown>; bytes: Map<string, Buffer> }> {
  return new Promise((resolve, reject) => {
    const body: Record<string, unknown> = {};
    const bytes = new Map<string, Buffer>();
    const form = new Busboy({ headers: { 'content-type': contentType } });
    form.on('field', (name: string, value: string) => (body[name] = value));
    const reading: Promise<void>[] = [];
    form.on('file', (name: string, stream: AsyncIterable<Buffer>, fileName: string, _encoding: string, type: string) => {
      reading.push(
        (async () => {
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk);
        const data = Buffer.concat(chunks);
        bytes.set(name, data);
        body[name] = { file_name: fileName, type, size: data.length, sha256: createHash('sha256').update(data).digest('hex') } satisfies UploadedFile;
        })(),
      );
    });
    // A field 'attach://<name>' names the part that holds its file, as the Bot API reads it.
    form.on('finish', async () => {
      await Promise.all(reading);
      for (const [name, value] of Object.entries(body)) {
        const part = typeof value === 'string' && value.startsWith('attach://') ? value.slice('attach://'.length) : null;
        if (part === null || !bytes.has(part)) continue;
        body[name] = body[part];
        bytes.set(name, bytes.get(part)!);
        delete body[part];
      }
      resolve({ body, bytes });
    });
    form.on('error', reject);
    form.end(raw);
  });
}

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
  /** Answers given instead of success to the next send calls (sendMessage, sendPhoto, sendDocument) of a bot, in order. */
  const refusals = new Map<string, TelegramRefusal[]>();
  let nextMessageId = 1;
  /** Files the bots received, by file_id: their bytes, and whether getFile tells their size. */
  const files = new Map<string, { bytes: Buffer; tellSize: boolean }>();
  const nextCall: (() => void)[] = [];

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const text = raw.toString('utf8');
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
    const multipart = req.headers['content-type']?.startsWith('multipart/form-data');
    const { body, bytes } = multipart
      ? await formFields(raw, req.headers['content-type']!).catch(() => ({ body: { unreadable: true } as Record<string, unknown>, bytes: new Map<string, Buffer>() }))
      : { body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, bytes: new Map<string, Buffer>() };
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
      case 'sendMessage':
      case 'sendPhoto':
      case 'sendDocument': {
        const refusal = refusals.get(token)?.shift();
        if (refusal) return answer(refusal.error_code, { ok: false, ...refusal });
        const sent = { message_id: nextMessageId++, date: Math.floor(Date.now() / 1000), chat: { id: Number(body.chat_id), type: 'private' } };
        if (method === 'sendMessage') return answer(200, { ok: true, result: { ...sent, text: body.text } });
        const field = method === 'sendPhoto' ? 'photo' : 'document';
        const upload = bytes.get(field);
        if (!upload) return answer(400, { ok: false, error_code: 400, description: `Bad Request: there is no ${field} in the request` });
        const fileId = `sent-${files.size + 1}-${Math.random().toString(36).slice(2, 8)}`;
        files.set(fileId, { bytes: upload, tellSize: true });
        const about = { file_id: fileId, file_unique_id: fileId, file_size: upload.length };
        const { file_name, type } = body[field] as UploadedFile;
        const media = method === 'sendPhoto' ? { photo: [{ ...about, width: 800, height: 600 }] } : { document: { ...about, file_name, mime_type: type } };
        return answer(200, { ok: true, result: { ...sent, ...media, ...(body.caption ? { caption: body.caption } : {}) } });
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
    /** The next send calls of this bot are refused so, one each. */
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
