import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { WEBHOOK_URL_HTTPS, WEBHOOK_URL_PRIVATE } from '@crm/contract';
import { guardedLookup, hostOf, isPrivateAddress, OutboundRefused } from './outbound-address.js';

/** How much of a receiver's answer is kept for the log. */
export const RESPONSE_KEPT = 2000;

export type PostOptions = {
  timeoutMs: number;
  /** Plain http and private addresses (tests, a self-hosted network): WEBHOOKS_ALLOW_PRIVATE. */
  allowPrivate: boolean;
};

/** The receiver's status and the start of its answer, or why there was none (Russian, for the log). */
export type PostResult = { status: number; response: string } | { status: null; response: string };

const reasonOf = (error: unknown, timeoutMs: number): string => {
  if (error instanceof OutboundRefused) return WEBHOOK_URL_PRIVATE;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ETIMEDOUT_WEBHOOK') {
    return timeoutMs < 1000 ? `Нет ответа за ${timeoutMs} мс` : `Нет ответа за ${Math.round(timeoutMs / 1000)} с`;
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'Адрес не найден (DNS)';
  if (code === 'ECONNREFUSED') return 'Соединение отклонено';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'Соединение прервано';
  if (code?.startsWith('ERR_TLS') || code?.includes('CERT')) return `Ошибка TLS: ${code}`;
  return `Не удалось отправить: ${code ?? (error as Error).message}`;
};

/**
 * The outgoing side of a webhook (the adapter; its test peer is a real HTTP server): one POST of
 * `body`, no redirects followed, the whole exchange bounded by `timeoutMs`. Without
 * `allowPrivate`, only https, and the connection goes only to a public address checked as it is
 * resolved (docs/decisions.md, "Webhooks").
 */
export function postWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: PostOptions,
): Promise<PostResult> {
  return new Promise((resolve) => {
    const url = new URL(target);
    if (!options.allowPrivate) {
      if (url.protocol !== 'https:') return resolve({ status: null, response: WEBHOOK_URL_HTTPS });
      const host = hostOf(url);
      if (isIP(host) && isPrivateAddress(host)) return resolve({ status: null, response: WEBHOOK_URL_PRIVATE });
    }
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    let settled = false;
    const finish = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const req = send(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      ...(options.allowPrivate ? {} : { lookup: guardedLookup }),
      agent: false,
    });
    const timer = setTimeout(() => {
      const error = Object.assign(new Error('timeout'), { code: 'ETIMEDOUT_WEBHOOK' });
      req.destroy(error);
    }, options.timeoutMs);
    req.on('error', (error) => finish({ status: null, response: reasonOf(error, options.timeoutMs) }));
    req.on('response', (res: IncomingMessage) => {
      let kept = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        kept += chunk;
        // Enough for the log: the rest is not read.
        if (kept.length >= RESPONSE_KEPT) {
          finish({ status: res.statusCode ?? 0, response: kept.slice(0, RESPONSE_KEPT) });
          res.destroy();
        }
      });
      res.on('end', () => finish({ status: res.statusCode ?? 0, response: kept }));
      res.on('error', (error) => finish({ status: null, response: reasonOf(error, options.timeoutMs) }));
    });
    req.end(body);
  });
}
