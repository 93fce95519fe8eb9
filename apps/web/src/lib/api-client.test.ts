import { describe, expect, it } from 'vitest';
import { attachmentName, authHeaders, buildUrl, parseRetryAfter, readEnvelope } from './api-client';
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
