import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  attachmentName,
  authHeaders,
  buildUrl,
  parseRetryAfter,
  readEnvelope,
  uploadFile,
} from './api-client';
import { clientImportsEndpoints } from '@crm/contract';
import { ApiError } from './api-error';

describe('authHeaders', () => {
  it('sends the token as a Bearer header, and nothing without one', () => {
    expect(authHeaders('1|secret')).toEqual({ Authorization: 'Bearer 1|secret' });
    expect(authHeaders(null)).toEqual({});
  });
});

describe('buildUrl', () => {
  it('prefixes /api/v1 and omits empty query values', () => {
    expect(buildUrl('/user')).toBe('/api/v1/user');
    expect(
      buildUrl('/clients/search', { search: 'Анна', traffic: undefined, page: 2, category_id: null }),
    ).toBe('/api/v1/clients/search?search=%D0%90%D0%BD%D0%BD%D0%B0&page=2');
  });
});

describe('readEnvelope', () => {
  it('returns data.response of a success', () => {
    expect(readEnvelope(200, { success: true, response: { id: 1 } })).toEqual({ id: 1 });
    expect(readEnvelope(201, { success: true, response: { token: 't' } })).toEqual({ token: 't' });
  });

  it('throws an ApiError with the status, message and field errors', () => {
    const body = { success: false, message: 'Ошибка проверки', errors: { email: ['Неверная почта'] } };
    try {
      readEnvelope(422, body);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({
        status: 422,
        message: 'Ошибка проверки',
        errors: { email: ['Неверная почта'] },
      });
    }
  });

  it('treats a body without the envelope as an error', () => {
    expect(() => readEnvelope(502, null)).toThrow(ApiError);
    expect(() => readEnvelope(200, { id: 1 })).toThrow(ApiError);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds or an HTTP date, and nothing else', () => {
    expect(parseRetryAfter('97')).toBe(97);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 10:00:30 GMT', now)).toBe(30);
  });

  it('is carried by the ApiError of a 429', () => {
    expect(() => readEnvelope(429, { success: false, message: 'Подождите' }, 42)).toThrow(
      expect.objectContaining({ status: 429, retryAfter: 42 }),
    );
  });
});

describe('attachmentName', () => {
  it('reads the UTF-8 name first, the plain one otherwise', () => {
    const both = `attachment; filename="_______ 2026-11-28.xlsx"; filename*=UTF-8''${encodeURIComponent('Клиенты 2026-11-28.xlsx')}`;
    expect(attachmentName(both)).toBe('Клиенты 2026-11-28.xlsx');
    expect(attachmentName('attachment; filename="report.csv"')).toBe('report.csv');
    expect(attachmentName('attachment; filename="x.csv"; filename*=UTF-8\'\'%E0%A4%A')).toBe('x.csv');
    expect(attachmentName(null)).toBeNull();
  });
});

describe('uploadFile', () => {
  /** A stand-in for XMLHttpRequest: records the request, and answers when the test says so. */
  class FakeXhr {
    static last: FakeXhr | null = null;
    method = '';
    url = '';
    headers: Record<string, string> = {};
    body: unknown = null;
    status = 0;
    responseText = '';
    upload: {
      onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    constructor() {
      FakeXhr.last = this;
    }
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getResponseHeader() {
      return null;
    }
    send(body: unknown) {
      this.body = body;
    }
    abort() {
      this.onabort?.();
    }
    answer(status: number, body: unknown) {
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    }
  }

  const start = (signal?: AbortSignal, onProgress?: (share: number) => void) => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const file = new File(['a;b\n1;2\n'], 'клиенты.csv', { type: 'text/csv' });
    const sent = uploadFile(clientImportsEndpoints.upload, {
      params: { projectId: 7 },
      file,
      onProgress,
      signal,
    });
    return { sent, xhr: FakeXhr.last! };
  };
  afterEach(() => vi.unstubAllGlobals());

  it('posts the file as a multipart form in the named field, reporting the share sent', async () => {
    const shares: number[] = [];
    const { sent, xhr } = start(undefined, (share) => shares.push(share));
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/v1/projects/7/client-imports']);
    expect(xhr.headers.Accept).toBe('application/json');
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(File);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
    xhr.answer(201, { success: true, response: { id: 3 } });
    await expect(sent).resolves.toEqual({ id: 3 });
    expect(shares).toEqual([0.5]);
  });

  it('turns a refusal into its ApiError, and an abort into an AbortError', async () => {
    const refused = start();
    refused.xhr.answer(413, { success: false, message: 'Файл больше 100 МБ' });
    await expect(refused.sent).rejects.toMatchObject({ status: 413, message: 'Файл больше 100 МБ' });

    const controller = new AbortController();
    const aborted = start(controller.signal);
    controller.abort();
    await expect(aborted.sent).rejects.toMatchObject({ name: 'AbortError' });
  });
});
