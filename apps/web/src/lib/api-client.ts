import {
  pathOf,
  type BodyIn,
  type EndpointSpec,
  type FileEndpointSpec,
  type ParamsIn,
  type QueryIn,
  type ResponseOf,
  type Schema,
} from '@crm/contract/endpoint';
import { paths } from '@/lib/paths';
import { ApiError, type FieldErrors } from './api-error';
import { API_BASE, EARLY_GLOBAL, takeEarlyResponse, type EarlyResponses } from './early-responses';
import { saveFile } from './save-file';
import { appStorage } from './storage';

/*
 * The one HTTP client of the web app. Same origin: the server serves the built app, and Vite
 * proxies /api in development, so no base host is configured.
 */

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
};

/**
 * /login is its own page (a document of its own, not a route of the app), so a 401 loads it. The
 * page the session ended on is remembered for the sign-in to come back to (an invitation opened
 * with an expired session, say); the sign-in page decides which pages it returns to.
 */
const onUnauthorized = () => {
  const { pathname, search } = window.location;
  if (pathname === paths.login) return;
  if (pathname !== paths.home) appStorage.setReturnTo(`${pathname}${search}`);
  else appStorage.removeReturnTo();
  window.location.replace(paths.login);
};

export const authHeaders = (token: string | null): Record<string, string> =>
  token ? { Authorization: `Bearer ${token}` } : {};

export const buildUrl = (path: string, query?: Record<string, QueryValue>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    // Absent filters are omitted rather than sent empty (e.g. the traffic filter 'All').
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const toFieldErrors = (value: unknown): FieldErrors => {
  if (!isRecord(value)) return {};
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) out[field] = messages.filter((m): m is string => typeof m === 'string');
  }
  return out;
};

/**
 * Reads the envelope `{success, response}` of docs/product.md §5.1. Anything that is not a success
 * becomes an ApiError carrying the server's message and field errors (if any).
 */
export const readEnvelope = <T>(status: number, body: unknown, retryAfter?: number): T => {
  if (status >= 200 && status < 300 && isRecord(body) && body.success === true) {
    return body.response as T;
  }
  const message = isRecord(body) && typeof body.message === 'string' ? body.message : '';
  const errors = isRecord(body) ? toFieldErrors(body.errors) : {};
  // A 2xx without the envelope is a broken answer, reported as such rather than trusted.
  throw new ApiError(status >= 400 ? status : 500, message, errors, retryAfter);
};

/** Retry-After in seconds: a number of seconds or an HTTP date (RFC 9110); undefined otherwise. */
export const parseRetryAfter = (header: string | null, now: number = Date.now()): number | undefined => {
  if (header === null || header.trim() === '') return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
};

const parseBody = async (res: Response): Promise<unknown> => {
  const text = await res.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null; // e.g. an HTML error page from a proxy
  }
};

export const apiRequest = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
  const { method = 'GET', body, query, signal } = options;
  const token = appStorage.getToken();
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders(token) };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const url = buildUrl(path, query);
  const early =
    method === 'GET'
      ? takeEarlyResponse(
          (window as unknown as Record<string, EarlyResponses | undefined>)[EARLY_GLOBAL],
          url,
          token,
        )
      : undefined;
  const res = await (early ??
    fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    }));
  const payload = await parseBody(res);

  if (res.status === 401) signedOut();
  return readEnvelope<T>(res.status, payload, parseRetryAfter(res.headers.get('retry-after')));
};

/**
 * docs/product.md §3.4: a 401 removes the stored token. While impersonating, only the tab's access
 * token is dropped, so the admin falls back to his own account instead of being logged out: the
 * page reloads as him (nothing cached for the manager survives), as 'Вернуться' does.
 */
const signedOut = () => {
  if (appStorage.isImpersonating()) {
    appStorage.removeAccessToken();
    window.location.reload();
  } else {
    appStorage.removeLoginToken();
    onUnauthorized();
  }
};

/** Each part is required exactly when the endpoint declares its schema. */
type Part<S, K extends string, V> = S extends Schema ? { [P in K]: V } : { [P in K]?: never };
export type CallInput<E extends EndpointSpec> = Part<E['params'], 'params', ParamsIn<E>> &
  Part<E['body'], 'body', BodyIn<E>> & { query?: QueryIn<E>; signal?: AbortSignal };

/** The input may be left out when nothing in it is required (no params, no body). */
type CallArgs<E extends EndpointSpec> =
  Partial<CallInput<E>> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/** Calls an endpoint declared in the contract: its method and path come from the declaration. */
export const callApi = <E extends EndpointSpec>(endpoint: E, ...[input]: CallArgs<E>) => {
  const { params, query, body, signal } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    signal?: AbortSignal;
  };
  const sendsBody = endpoint.method === 'POST' || endpoint.method === 'PUT';
  return apiRequest<ResponseOf<E>>(pathOf(endpoint, params), {
    method: endpoint.method,
    query,
    body: sendsBody ? (body ?? {}) : undefined,
    signal,
  });
};

/**
 * Calls an endpoint whose successful answer is a stream (the AI chat's reply, `accept` names its
 * type): the same token and 401 rule as callApi, and an answer that is not a success becomes its
 * ApiError; a success hands back the body unread, for the caller to read piece by piece.
 */
export const callApiStream = async <E extends EndpointSpec>(
  endpoint: E,
  input: CallInput<E>,
  accept: string,
): Promise<ReadableStream<Uint8Array>> => {
  const { params, body, signal } = input as {
    params?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
  };
  const res = await fetch(buildUrl(pathOf(endpoint, params)), {
    method: endpoint.method,
    headers: { Accept: accept, 'Content-Type': 'application/json', ...authHeaders(appStorage.getToken()) },
    body: JSON.stringify(body ?? {}),
    signal,
  });
  if (res.ok && res.body && (res.headers.get('content-type') ?? '').startsWith(accept)) return res.body;
  if (res.ok) throw new ApiError(500, ''); // a success that is not the stream: a broken answer
  const payload = await parseBody(res);
  if (res.status === 401) signedOut();
  return readEnvelope<never>(res.status, payload, parseRetryAfter(res.headers.get('retry-after')));
};

/** The name in `Content-Disposition`: `filename*` (UTF-8, RFC 6266) first, else `filename`. */
export const attachmentName = (header: string | null): string | null => {
  if (!header) return null;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (utf8?.[1]) {
    try {
      return decodeURIComponent(utf8[1]);
    } catch {
      // A broken encoding: fall back to the plain name.
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? null;
};

/** A file endpoint's answer, its refusal turned into an ApiError as with callApi. */
const fetchFile = async <E extends FileEndpointSpec>(
  endpoint: E,
  input: { params: ParamsIn<E>; query?: QueryIn<E>; signal?: AbortSignal },
) => {
  const res = await fetch(
    buildUrl(
      pathOf(endpoint, input.params as Record<string, unknown>),
      input.query as Record<string, QueryValue> | undefined,
    ),
    { headers: authHeaders(appStorage.getToken()), signal: input.signal },
  );
  if (!res.ok) {
    const payload = await parseBody(res);
    if (res.status === 401) signedOut();
    readEnvelope<never>(res.status, payload, parseRetryAfter(res.headers.get('retry-after')));
  }
  return res;
};

/**
 * Fetches a file endpoint (an export) with the session's token and hands the file to the
 * browser's downloads under the name the server gave (`fallbackName` if none); a refusal becomes
 * its ApiError as with callApi.
 */
export const downloadFile = async <E extends FileEndpointSpec>(
  endpoint: E,
  input: { params: ParamsIn<E>; query?: QueryIn<E>; signal?: AbortSignal },
  fallbackName: string,
): Promise<void> => {
  const res = await fetchFile(endpoint, input);
  saveFile(await res.blob(), attachmentName(res.headers.get('content-disposition')) ?? fallbackName);
};

/** A file endpoint's bytes to show on the page (a client's photo). */
export const fileBlob = async <E extends FileEndpointSpec>(
  endpoint: E,
  input: { params: ParamsIn<E>; signal?: AbortSignal },
): Promise<Blob> => (await fetchFile(endpoint, input)).blob();

/** An endpoint whose body is a multipart form with one file (an import's upload). */
type UploadEndpoint = EndpointSpec & { upload: { field: string } };

/**
 * Sends a file to an upload endpoint as a multipart form (the file in the field the endpoint
 * names), through XMLHttpRequest, which reports the upload's progress (`onProgress`: the share
 * sent, 0 to 1) where fetch does not. The same token and 401 rule as callApi; an answer that is not
 * a success becomes its ApiError; a network failure a TypeError, an abort an AbortError.
 */
export const uploadFile = <E extends UploadEndpoint>(
  endpoint: E,
  input: {
    params: ParamsIn<E>;
    file: File;
    /** Text fields sent before the file (a file answer's caption), so the server reads them first. */
    fields?: Record<string, string>;
    onProgress?: (share: number) => void;
    signal?: AbortSignal;
  },
): Promise<ResponseOf<E>> =>
  new Promise((resolve, reject) => {
    const { file, onProgress, signal } = input;
    if (signal?.aborted) return reject(new DOMException('The upload was aborted', 'AbortError'));
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, buildUrl(pathOf(endpoint, input.params as Record<string, unknown>)));
    const headers = { Accept: 'application/json', ...authHeaders(appStorage.getToken()) };
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      settle();
      let payload: unknown = null;
      try {
        payload = xhr.responseText === '' ? null : (JSON.parse(xhr.responseText) as unknown);
      } catch {
        // e.g. an HTML error page from a proxy
      }
      if (xhr.status === 401) signedOut();
      try {
        resolve(
          readEnvelope<ResponseOf<E>>(
            xhr.status,
            payload,
            parseRetryAfter(xhr.getResponseHeader('retry-after')),
          ),
        );
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => {
      settle();
      reject(new TypeError('The upload failed: no answer from the server'));
    };
    xhr.onabort = () => {
      settle();
      reject(new DOMException('The upload was aborted', 'AbortError'));
    };
    const form = new FormData();
    for (const [name, value] of Object.entries(input.fields ?? {})) form.append(name, value);
    form.append(endpoint.upload.field, file, file.name);
    xhr.send(form);
  });
