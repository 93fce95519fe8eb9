import { randomBytes } from 'node:crypto';
import { extname } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { CLIENT_MESSAGE_NOT_FOUND } from '@crm/contract';
import type { AppDeps } from '../../deps.js';
import { singleFlight } from '../../jobs/single-flight.js';
import { FileTooBig, spool } from '../../storage/index.js';
import type { MemberActor } from '../../http/actor.js';
import { notFound } from '../../http/app-error.js';
import type { FileAnswer } from '../../http/file-route.js';
import { apiOf } from '../bot-access.js';
import { publishClientMessage } from '../inbox/messages.live.js';
import { findClientMessage } from '../inbox/messages.repository.js';
import { findProjectBot } from '../telegram.repository.js';
import { claimFile, dueFiles, findFile, settleFile, type FileRow } from './files.repository.js';

/** Attempts at fetching a file before it is given up ('failed'). */
const ATTEMPTS = 5;
/** One attempt's time; past it the claim lets another pass try. */
const CLAIM_MS = 120_000;

async function fetchOne(deps: AppDeps, row: FileRow): Promise<void> {
  const { maxBytes } = deps.config.telegramFiles;
  const bot = await findProjectBot(deps.db, row.project_id);
  if (!bot || !deps.config.secretsKey) return void (await settleFile(deps.db, row.message_id, { status: 'failed' }));
  const api = apiOf(deps, bot);
  const key = fileKey(row.project_id, String(row.message_id), row.name);
  let kept: Awaited<ReturnType<typeof spool>> | null = null;
  try {
    const file = await api.getFile(row.telegram_file_id);
    if (file.size !== null && file.size > maxBytes) return void (await settleFile(deps.db, row.message_id, { status: 'too_big' }));
    if (!file.path) throw new Error('Telegram gave no file path');
    const res = await api.fetchFile(file.path);
    if (!res.ok || !res.body) throw new Error(`file fetch answered ${res.status}`);
    kept = await spool(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), maxBytes);
    await deps.files.put(key, { path: kept.path }, row.mime ?? 'application/octet-stream');
    await settleFile(deps.db, row.message_id, { status: 'stored', path: key, size: kept.size });
  } catch (error) {
    if (error instanceof FileTooBig) return void (await settleFile(deps.db, row.message_id, { status: 'too_big' }));
    deps.log.warn({ err: String(error), message: row.message_id }, 'telegram file fetch failed');
    const next = new Date(deps.clock.now().getTime() + 30_000 * (row.attempts + 1)).toISOString();
    await settleFile(deps.db, row.message_id, row.attempts + 1 >= ATTEMPTS ? { status: 'failed' } : { status: 'waiting', next_attempt_at: next });
  } finally {
    await kept?.remove();
  }
}

/** A file's key in the store: the project's folder, a stem (the message), a random part, the name's extension. */
export const fileKey = (projectId: number, stem: string, name: string) =>
  `${projectId}/${stem}-${randomBytes(6).toString('hex')}${extname(name).slice(0, 10)}`;

/** One pass: fetches the files due, each claimed first (one instance per file); answers how many it settled. */
export async function fetchDueFiles(deps: AppDeps): Promise<number> {
  const now = deps.clock.now();
  let done = 0;
  for (const row of await dueFiles(deps.db, now.toISOString(), 5)) {
    if (!(await claimFile(deps.db, row, new Date(now.getTime() + CLAIM_MS).toISOString()))) continue;
    await fetchOne(deps, row);
    await publishClientMessage(deps, row.project_id, row.message_id);
    done += 1;
  }
  return done;
}

const flight = singleFlight('telegram files', fetchDueFiles);

/** Fetches the files due now on this instance (a message with one came). */
export const kickFiles = (deps: AppDeps) => flight.kick(deps);

/** Resolves once this instance's files pass is over (tests). */
export const filesIdle = (deps: AppDeps) => flight.idle(deps);

/** The kept file of a client's message, to send as it came; another manager's client → 404 (the caller checked him). */
export async function messageFile(deps: AppDeps, caller: MemberActor, clientId: number, messageId: number): Promise<FileAnswer> {
  const message = await findClientMessage(deps.db, messageId);
  const file = await findFile(deps.db, messageId);
  if (!message || message.client_id !== clientId || !file || file.project_id !== caller.projectId || file.status !== 'stored' || !file.path) {
    throw notFound(CLIENT_MESSAGE_NOT_FOUND);
  }
  const body = await deps.files.get(file.path);
  if (!body) throw notFound(CLIENT_MESSAGE_NOT_FOUND);
  return { fileName: file.name, mediaType: file.mime ?? 'application/octet-stream', body };
}
