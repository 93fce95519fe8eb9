import type { MultipartFile } from '@fastify/multipart';
import { CLIENT_FILE_MISSING, CLIENT_SEND_FILE_MAX_MB, clientFileCaption, clientFileTooBig } from '@crm/contract';
import type { AppDeps } from '../../deps.js';
import type { MemberActor } from '../../http/actor.js';
import { AppError, invalidField } from '../../http/app-error.js';
import { FileTooBig, spool } from '../../storage/index.js';
import { fileKey } from '../files/files.service.js';
import { answerClient, visibleClient } from './messages.service.js';

/** What Telegram shows as a photo; anything else, or a bigger one, goes as a document (Bot API limits). */
const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/** The largest file an answer may carry: the server's limit, within the Bot API's 50 MB. */
export const answerFileMaxBytes = (deps: AppDeps) => Math.min(deps.config.telegramFiles.maxBytes, CLIENT_SEND_FILE_MAX_MB * 1024 * 1024);

const captionOf = (part: MultipartFile) => {
  const field = part.fields.text;
  const value = field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : '';
  const parsed = clientFileCaption.safeParse(value);
  if (!parsed.success) throw invalidField('text', parsed.error.issues[0]!.message);
  return parsed.data;
};

/**
 * An answer with a photo or a file (`POST …/messages/file`): the upload is spooled on this
 * machine (storage/spool.ts), kept in the file store, then queued as any answer; a refused answer
 * leaves nothing in the store.
 */
export async function answerWithFile(deps: AppDeps, caller: MemberActor, clientId: number, part: MultipartFile | undefined) {
  if (!part || part.fieldname !== 'file') throw new AppError(422, CLIENT_FILE_MISSING);
  const caption = captionOf(part);
  await visibleClient(deps, caller, clientId);
  let kept: Awaited<ReturnType<typeof spool>>;
  try {
    kept = await spool(part.file, answerFileMaxBytes(deps));
  } catch (error) {
    if (error instanceof FileTooBig || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooBig(deps);
    throw error;
  }
  try {
    if (part.file.truncated) throw tooBig(deps);
    if (kept.size === 0) throw new AppError(422, 'Файл пустой: выберите другой');
    const name = (part.filename || 'file').slice(0, 200);
    const mime = part.mimetype || 'application/octet-stream';
    const kind = PHOTO_TYPES.has(mime) && kept.size <= PHOTO_MAX_BYTES ? 'photo' : 'document';
    const key = fileKey(caller.projectId, 'answer', name);
    await deps.files.put(key, { path: kept.path }, mime);
    try {
      return await answerClient(deps, caller, clientId, { kind, caption, file: { key, name, mime, size: kept.size } });
    } catch (error) {
      await deps.files.remove(key);
      throw error;
    }
  } finally {
    await kept.remove();
  }
}

const tooBig = (deps: AppDeps) => new AppError(413, clientFileTooBig(Math.round(answerFileMaxBytes(deps) / 1024 / 1024)));
